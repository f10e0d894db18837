/**
 * Makes `settings.theme` the one place the colour scheme lives. Mantine reads and writes it through
 * this manager, so the header toggle, the Settings page and every other open tab stay in step.
 * The settings store (and its schema library) loads in the background, keeping it out of the
 * bundle every page needs; the first paint reads the stored theme directly.
 */
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { DEFAULT_THEME, readStoredTheme, type Theme } from './theme-preference';

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
      let active = true;
      stop = () => {
        active = false;
      };
      const shownTheme = readStoredTheme();
      void loadStore().then((store) => {
        if (!active) return;
        let current = shownTheme;
        const follow = (theme: Theme) => {
          if (theme === current) return;
          current = theme;
          onUpdate(colorSchemeForTheme(theme));
        };
        stop = store.subscribeSettings((settings) => {
          follow(settings.theme);
        });
        // Catches a change made while the store was loading.
        follow(store.getSettingsSnapshot().theme);
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
