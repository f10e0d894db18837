/**
 * Makes `settings.theme` the one place the colour scheme lives. Mantine reads and writes it through
 * this manager, so the header toggle, the Settings page and every other open tab stay in step.
 * The settings store (and its schema library) loads only when the theme is changed here; reading
 * and following the stored theme needs neither, which keeps them out of every page's first load.
 */
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { DEFAULT_THEME, readStoredTheme, subscribeStoredTheme, type Theme } from './theme-preference';

export function colorSchemeForTheme(theme: Theme): MantineColorScheme {
  return theme === 'system' ? 'auto' : theme;
}

export function themeForColorScheme(scheme: MantineColorScheme): Theme {
  return scheme === 'auto' ? 'system' : scheme;
}

const loadStore = () => import('./settings-store');

export function settingsColorSchemeManager(): MantineColorSchemeManager {
  let stop: () => void = () => undefined;
  return {
    get: () => colorSchemeForTheme(readStoredTheme()),
    set: (scheme) => {
      const theme = themeForColorScheme(scheme);
      void loadStore().then((store) => {
        if (theme !== store.getSettingsSnapshot().theme) store.updateSettings({ theme });
      });
    },
    // Fires for changes made anywhere: the Settings page, an import or reset, or another tab.
    subscribe: (onUpdate) => {
      stop();
      stop = subscribeStoredTheme((theme) => {
        onUpdate(colorSchemeForTheme(theme));
      });
    },
    unsubscribe: () => {
      stop();
      stop = () => undefined;
    },
    clear: () => {
      void loadStore().then((store) => {
        store.updateSettings({ theme: DEFAULT_THEME });
      });
    },
  };
}
