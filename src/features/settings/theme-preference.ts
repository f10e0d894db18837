/**
 * The few settings facts the app shell needs on every page, kept free of the schema library so
 * the shell's bundle stays small: the storage key, the theme values, and a quick theme read.
 */
export const SETTINGS_STORAGE_KEY = 'framecast-settings';
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'system';

const isTheme = (value: unknown): value is Theme => THEMES.some((theme) => theme === value);

/** The theme in stored settings text, by the schema's rule: a valid value, else the default. */
export function themeFromStoredText(text: string | null): Theme {
  if (text === null) return DEFAULT_THEME;
  try {
    const parsed: unknown = JSON.parse(text);
    const theme = typeof parsed === 'object' && parsed !== null && 'theme' in parsed ? parsed.theme : undefined;
    return isTheme(theme) ? theme : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function readStoredTheme(): Theme {
  try {
    return themeFromStoredText(localStorage.getItem(SETTINGS_STORAGE_KEY));
  } catch {
    return DEFAULT_THEME;
  }
}
