import { SETTINGS_STORAGE_KEY, mergeSettings, parseStoredSettings, type Settings } from './settings-schema';
import { announceThemeChange } from './theme-preference';
import { reportError } from '../../shared/report-error';

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

type Listener = (settings: Settings) => void;

interface Snapshot {
  settings: Settings;
  /**
   * The stored text this tab last read or wrote. Re-syncs compare against it, so only another tab's
   * change creates a new object, and a failed write is not undone by reading the older stored value.
   */
  storedText: string | null;
}

const listeners = new Set<Listener>();
let snapshot: Snapshot | null = null;

// localStorage can throw on access (disabled storage, some private modes) or be missing (Node);
// `undefined` marks "could not read", as opposed to `null` for "nothing stored".
function readStoredText(): string | null | undefined {
  try {
    return localStorage.getItem(SETTINGS_STORAGE_KEY);
  } catch {
    return undefined;
  }
}

function settingsFromText(text: string | null | undefined): Settings {
  if (text == null) return parseStoredSettings(undefined);
  try {
    return parseStoredSettings(JSON.parse(text));
  } catch {
    return parseStoredSettings(undefined);
  }
}

/** Reads the stored settings directly, bypassing the cache; corrupt or missing data gives the defaults. */
export function loadSettings(): Settings {
  return settingsFromText(readStoredText());
}

function ensureSnapshot(): Snapshot {
  if (!snapshot) {
    const storedText = readStoredText();
    snapshot = { settings: settingsFromText(storedText), storedText: storedText ?? null };
  }
  return snapshot;
}

/** The same object until the settings change, as useSyncExternalStore requires. */
export function getSettingsSnapshot(): Settings {
  return ensureSnapshot().settings;
}

function emit(settings: Settings): void {
  for (const listener of [...listeners]) listener(settings);
}

/** Replaces the snapshot only when the content differs, so equal settings keep their identity. */
function replaceSnapshot(next: Settings, storedText: string | null): boolean {
  const current = ensureSnapshot();
  const changed = JSON.stringify(next) !== JSON.stringify(current.settings);
  snapshot = { settings: changed ? next : current.settings, storedText };
  return changed;
}

/** Picks up writes from other tabs; returns whether the settings changed. */
function syncFromStorage(): boolean {
  const storedText = readStoredText();
  if (storedText === undefined || storedText === ensureSnapshot().storedText) return false;
  return replaceSnapshot(settingsFromText(storedText), storedText);
}

/** `persist` writes to storage and returns the text storage now holds for the key. */
function commit(next: Settings, persist: (text: string) => string | null): void {
  let storedText = ensureSnapshot().storedText;
  try {
    storedText = persist(JSON.stringify(next));
  } catch (error) {
    // Quota or disabled storage: the change still applies for this session, it just won't persist.
    reportError('settings: save', error);
  }
  const previousTheme = ensureSnapshot().settings.theme;
  if (!replaceSnapshot(next, storedText)) return;
  emit(next);
  if (next.theme !== previousTheme) announceThemeChange(next.theme);
}

function writeText(text: string): string {
  localStorage.setItem(SETTINGS_STORAGE_KEY, text);
  return text;
}

export function saveSettings(next: Settings): void {
  // Merging over the current value means a caller bypassing the types cannot store an invalid field.
  commit(mergeSettings(getSettingsSnapshot(), next), writeText);
}

/** Invalid fields in `patch` are ignored and keep their current value. */
export function updateSettings(patch: DeepPartial<Settings>): void {
  commit(mergeSettings(getSettingsSnapshot(), patch), writeText);
}

export function resetSettings(): void {
  // Removing the key, rather than storing the defaults, lets future default changes reach this user.
  commit(parseStoredSettings(undefined), () => {
    localStorage.removeItem(SETTINGS_STORAGE_KEY);
    return null;
  });
}

function onStorage(event: StorageEvent): void {
  // A null key means another tab called localStorage.clear().
  if (event.key !== null && event.key !== SETTINGS_STORAGE_KEY) return;
  if (syncFromStorage()) emit(getSettingsSnapshot());
}

export function subscribeSettings(listener: Listener): () => void {
  const first = listeners.size === 0;
  listeners.add(listener);
  if (first && typeof window !== 'undefined') {
    window.addEventListener('storage', onStorage);
    // Storage events are not delivered while nobody listens, so catch up on what changed meanwhile.
    if (snapshot && syncFromStorage()) emit(getSettingsSnapshot());
  }
  return () => {
    if (!listeners.delete(listener)) return;
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
