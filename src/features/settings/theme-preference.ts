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

/**
 * An inline script for the prerendered head that applies the stored theme before the first
 * paint, as Mantine's ColorSchemeScript does for a plain key; here the theme lives in settings.
 */
export function themeBootScript(): string {
  return `try{var t=(JSON.parse(localStorage.getItem(${JSON.stringify(SETTINGS_STORAGE_KEY)})||'null')||{}).theme;var s=t==='light'||t==='dark'?t:matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';document.documentElement.setAttribute('data-mantine-color-scheme',s)}catch(e){document.documentElement.setAttribute('data-mantine-color-scheme','light')}`;
}
