/**
 * Makes `settings.theme` the one place the colour scheme lives. Mantine reads and writes it through
 * this manager, so the header toggle, the Settings page and every other open tab stay in step.
 */
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import type { Settings } from './settings-schema';
import { getSettingsSnapshot, subscribeSettings, updateSettings } from './settings-store';

type Theme = Settings['theme'];

export function colorSchemeForTheme(theme: Theme): MantineColorScheme {
  return theme === 'system' ? 'auto' : theme;
}

export function themeForColorScheme(scheme: MantineColorScheme): Theme {
  return scheme === 'auto' ? 'system' : scheme;
}

export function settingsColorSchemeManager(): MantineColorSchemeManager {
  let stop: (() => void) | null = null;
  return {
    get: () => colorSchemeForTheme(getSettingsSnapshot().theme),
    set: (scheme) => {
      const theme = themeForColorScheme(scheme);
      if (theme !== getSettingsSnapshot().theme) updateSettings({ theme });
    },
    // Fires for changes made anywhere: the Settings page, an import or reset, or another tab.
    subscribe: (onUpdate) => {
      stop?.();
      let current = getSettingsSnapshot().theme;
      stop = subscribeSettings((settings) => {
        if (settings.theme === current) return;
        current = settings.theme;
        onUpdate(colorSchemeForTheme(current));
      });
    },
    unsubscribe: () => {
      stop?.();
      stop = null;
    },
    clear: () => {
      updateSettings({ theme: 'system' });
    },
  };
}
