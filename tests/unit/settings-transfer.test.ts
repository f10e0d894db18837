import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../src/features/settings/settings-schema';
import {
  MAX_IMPORT_BYTES,
  SETTINGS_NOTICES,
  importSettingsFile,
  serializeSettings,
  settingsExportFileName,
} from '../../src/features/settings/settings-transfer';

const CUSTOM: Settings = {
  video: { quality: '720p', bitrate: 2000, frameRate: 60, autoStart: true },
  audio: { quality: 'low', noiseSuppression: false, echoCancellation: true },
  screen: { captureCursor: false, captureSystemAudio: true },
  storage: { autoSave: false, saveToCloud: false, cloudProvider: 'onedrive', namingConvention: 'datetime' },
  webcam: { size: 'small', position: 'top-center', shape: 'square' },
  defaultRecordingMode: 'webcam-only',
  theme: 'light',
};

const fileOf = (text: string) => ({ size: new TextEncoder().encode(text).length, read: () => Promise.resolve(text) });

describe('settingsExportFileName', () => {
  it('names the file after the product and the local calendar day', () => {
    expect(settingsExportFileName(new Date(2025, 0, 31, 23, 59))).toBe('framecast-settings-2025-01-31.json');
    expect(settingsExportFileName(new Date(2024, 11, 1, 0, 0))).toBe('framecast-settings-2024-12-01.json');
  });
});

describe('importSettingsFile', () => {
  it('accepts what export wrote and gives back the same settings', async () => {
    const outcome = await importSettingsFile(fileOf(serializeSettings(CUSTOM)));
    expect(outcome).toEqual({ ok: true, settings: CUSTOM, notice: SETTINGS_NOTICES.imported });
  });

  it('reports a read error as Import Error', async () => {
    const outcome = await importSettingsFile({ size: 10, read: () => Promise.reject(new DOMException('gone', 'NotReadableError')) });
    expect(outcome).toEqual({ ok: false, notice: SETTINGS_NOTICES.importError });
    expect(outcome.notice).toEqual({ title: 'Import Error', message: 'Failed to read the settings file.', tone: 'error' });
  });

  it('reports a file that is not settings as Import Failed, with the spec text', async () => {
    const outcome = await importSettingsFile(fileOf('not json'));
    expect(outcome).toEqual({ ok: false, notice: SETTINGS_NOTICES.importFailed });
    expect(outcome.notice).toEqual({
      title: 'Import Failed',
      message: 'Failed to import settings. Please check the file format.',
      tone: 'error',
    });
  });

  it('refuses a file far larger than any settings file without reading it', async () => {
    let read = false;
    const outcome = await importSettingsFile({
      size: MAX_IMPORT_BYTES + 1,
      read: () => {
        read = true;
        return Promise.resolve(serializeSettings(CUSTOM));
      },
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.notice).toBe(SETTINGS_NOTICES.importFailed);
    expect(read).toBe(false);
  });

  // The list: not JSON, arrays, nulls, wrong types, out-of-range bitrate, unknown enum
  // values, nested garbage, huge strings. None of them may yield settings to apply.
  const valid = (patch: Record<string, unknown>) => JSON.stringify({ ...CUSTOM, ...patch });
  const HUGE = 'x'.repeat(200_000);
  it.each([
    ['empty text', ''],
    ['whitespace', '   \n'],
    ['plain words', 'hello settings'],
    ['truncated JSON', serializeSettings(CUSTOM).slice(0, 40)],
    ['JSON with comments', `// settings\n${serializeSettings(CUSTOM)}`],
    ['single-quoted keys', "{'theme':'dark'}"],
    ['null', 'null'],
    ['a number', '5000'],
    ['a string', '"framecast"'],
    ['an empty array', '[]'],
    ['an array of settings', JSON.stringify([CUSTOM])],
    ['a null section', valid({ video: null })],
    ['an array section', valid({ audio: [true, false] })],
    ['a string section', valid({ screen: 'on' })],
    ['bitrate below range', valid({ video: { ...CUSTOM.video, bitrate: 500 } })],
    ['bitrate above range', valid({ video: { ...CUSTOM.video, bitrate: 50000 } })],
    ['bitrate off the step', valid({ video: { ...CUSTOM.video, bitrate: 2750 } })],
    ['bitrate as text', valid({ video: { ...CUSTOM.video, bitrate: '2000' } })],
    ['boolean as text', valid({ video: { ...CUSTOM.video, autoStart: 'true' } })],
    ['boolean as a number', valid({ audio: { ...CUSTOM.audio, echoCancellation: 1 } })],
    ['unknown quality', valid({ video: { ...CUSTOM.video, quality: '8k' } })],
    ['unknown theme', valid({ theme: 'solarized' })],
    ['unknown mode', valid({ defaultRecordingMode: 'audio-only' })],
    ['unknown position', valid({ webcam: { ...CUSTOM.webcam, position: 'middle' } })],
    ['nested garbage', valid({ storage: { autoSave: { deep: [{ deeper: null }] } } })],
    ['a huge string value', valid({ theme: HUGE })],
    ['a huge string key only', JSON.stringify({ [HUGE]: HUGE })],
    ['a huge non-JSON text', HUGE],
  ])('rejects %s and returns no settings', async (_label, text) => {
    const outcome = await importSettingsFile(fileOf(text));
    expect(outcome).toEqual({ ok: false, notice: SETTINGS_NOTICES.importFailed });
  });

  it.each([
    ['an empty object', '{}'],
    ['an object of unknown keys', JSON.stringify({ name: 'framecast', version: '0.1.0', dependencies: {} })],
  ])('rejects %s: a file with none of the settings is the wrong file, not a reset', async (_label, text) => {
    expect(await importSettingsFile(fileOf(text))).toEqual({ ok: false, notice: SETTINGS_NOTICES.importFailed });
  });

  it('accepts a partial settings file, filling the rest from the defaults', async () => {
    const outcome = await importSettingsFile(fileOf(JSON.stringify({ theme: 'dark', extra: true })));
    expect(outcome).toEqual({ ok: true, settings: { ...DEFAULT_SETTINGS, theme: 'dark' }, notice: SETTINGS_NOTICES.imported });
  });
});
