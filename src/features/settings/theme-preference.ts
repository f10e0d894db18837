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

/** The settings store announces this tab's theme changes here (no window needed, so Node tests run it too). */
const themeChanges = new EventTarget();

export function announceThemeChange(theme: Theme): void {
  themeChanges.dispatchEvent(new CustomEvent<Theme>('change', { detail: theme }));
}

/**
 * Follows the theme as this tab or any other changes it, without loading the settings store and
 * its schema library: every page's shell subscribes, most pages never open Settings.
 */
export function subscribeStoredTheme(onTheme: (theme: Theme) => void): () => void {
  let current = readStoredTheme();
  const follow = (theme: Theme) => {
    if (theme === current) return;
    current = theme;
    onTheme(theme);
  };
  const onStorage = (event: StorageEvent) => {
    // A null key means another tab cleared all storage.
    if (event.key === null || event.key === SETTINGS_STORAGE_KEY) follow(readStoredTheme());
  };
  const onLocal = (event: Event) => {
    const theme = event instanceof CustomEvent ? (event.detail as unknown) : undefined;
    if (isTheme(theme)) follow(theme);
  };
  const hasWindow = typeof window !== 'undefined';
  if (hasWindow) window.addEventListener('storage', onStorage);
  themeChanges.addEventListener('change', onLocal);
  return () => {
    if (hasWindow) window.removeEventListener('storage', onStorage);
    themeChanges.removeEventListener('change', onLocal);
  };
}

/**
 * An inline script for the prerendered head that applies the stored theme before the first
 * paint, as Mantine's ColorSchemeScript does for a plain key; here the theme lives in settings.
 */
export function themeBootScript(): string {
  return `try{var t=(JSON.parse(localStorage.getItem(${JSON.stringify(SETTINGS_STORAGE_KEY)})||'null')||{}).theme;var s=t==='light'||t==='dark'?t:matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';document.documentElement.setAttribute('data-mantine-color-scheme',s)}catch(e){document.documentElement.setAttribute('data-mantine-color-scheme','light')}`;
}
