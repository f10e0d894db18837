/**
 * Export, import and reset of settings as the user sees them: the exported file's name and text,
 * and which notice each outcome shows. No browser API here; the page supplies the file reader.
 */
import { PRODUCT_NAME } from '../../shared/site';
import { parseImportedSettings, type Settings } from './settings-schema';

export interface SettingsNotice {
  title: string;
  message: string;
  tone: 'success' | 'error';
}

export const SETTINGS_NOTICES = {
  exported: { title: 'Settings Exported', message: 'Your settings have been exported to a JSON file.', tone: 'success' },
  imported: { title: 'Settings Imported', message: 'Your settings have been imported successfully.', tone: 'success' },
  importFailed: { title: 'Import Failed', message: 'Failed to import settings. Please check the file format.', tone: 'error' },
  importError: { title: 'Import Error', message: 'Failed to read the settings file.', tone: 'error' },
  reset: { title: 'Settings Reset', message: 'All settings have been reset to default values.', tone: 'success' },
} as const satisfies Record<string, SettingsNotice>;

/**
 * A settings file is well under 1 KB. Anything far larger is the wrong file, and reading a
 * multi-gigabyte video into memory to find that out would freeze the tab.
 */
export const MAX_IMPORT_BYTES = 1024 * 1024;

export const SETTINGS_FILE_ACCEPT = '.json,application/json';

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** `framecast-settings-2025-01-31.json`, dated by the user's own calendar day. */
export function settingsExportFileName(date: Date): string {
  const day = `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
  return `${PRODUCT_NAME.toLowerCase()}-settings-${day}.json`;
}

/** Pretty-printed so the file can be read and edited by hand. */
export function serializeSettings(settings: Settings): string {
  return `${JSON.stringify(settings, null, 2)}\n`;
}

export interface ImportSource {
  size: number;
  /** Reads the whole file; rejects when the browser cannot read it. */
  read: () => Promise<string>;
}

export type ImportOutcome =
  | { ok: true; settings: Settings; notice: SettingsNotice }
  | { ok: false; notice: SettingsNotice };

/** Reads and validates a chosen file. Nothing is applied here, and nothing at all on failure. */
export async function importSettingsFile(source: ImportSource): Promise<ImportOutcome> {
  if (source.size > MAX_IMPORT_BYTES) return { ok: false, notice: SETTINGS_NOTICES.importFailed };
  let text: string;
  try {
    text = await source.read();
  } catch {
    return { ok: false, notice: SETTINGS_NOTICES.importError };
  }
  const parsed = parseImportedSettings(text);
  return parsed.ok
    ? { ok: true, settings: parsed.settings, notice: SETTINGS_NOTICES.imported }
    : { ok: false, notice: SETTINGS_NOTICES.importFailed };
}
