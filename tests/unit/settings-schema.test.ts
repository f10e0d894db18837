import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  audioBitrateKbps,
  mergeSettings,
  parseImportedSettings,
  parseStoredSettings,
  type Settings,
} from '../../src/features/settings/settings-schema';
import { OVERLAY_POSITIONS, OVERLAY_SHAPES, OVERLAY_SIZES } from '../../src/shared/webcam-overlay';

const CUSTOM: Settings = {
  video: { quality: '4k', bitrate: 8000, frameRate: 60, autoStart: true },
  audio: { quality: 'lossless', noiseSuppression: false, echoCancellation: false },
  screen: { captureCursor: false, captureSystemAudio: true },
  storage: { autoSave: false, saveToCloud: false, cloudProvider: 'dropbox', namingConvention: 'datetime' },
  webcam: { size: 'large', position: 'top-left', shape: 'circle' },
  defaultRecordingMode: 'screen-only',
  theme: 'dark',
};

const withVideo = (video: Record<string, unknown>) => parseStoredSettings({ video });

describe('DEFAULT_SETTINGS', () => {
  it('holds the documented defaults', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      video: { quality: '1080p', bitrate: 5000, frameRate: 30, autoStart: false },
      audio: { quality: 'high', noiseSuppression: true, echoCancellation: true },
      screen: { captureCursor: true, captureSystemAudio: false },
      storage: { autoSave: true, saveToCloud: false, cloudProvider: 'google-drive', namingConvention: 'datetime' },
      webcam: { size: 'medium', position: 'bottom-right', shape: 'rounded-rectangle' },
      defaultRecordingMode: 'screen-webcam',
      theme: 'system',
    });
  });
});

describe('parseStoredSettings', () => {
  it('returns the defaults for nothing stored', () => {
    expect(parseStoredSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(parseStoredSettings({})).toEqual(DEFAULT_SETTINGS);
  });

  it('returns new objects, so mutating a result cannot change the defaults', () => {
    const parsed = parseStoredSettings(undefined);
    expect(parsed).not.toBe(DEFAULT_SETTINGS);
    expect(parsed.video).not.toBe(DEFAULT_SETTINGS.video);
    parsed.video.bitrate = 9000;
    expect(DEFAULT_SETTINGS.video.bitrate).toBe(5000);
  });

  it('keeps a complete valid object as is', () => {
    expect(parseStoredSettings(CUSTOM)).toEqual(CUSTOM);
  });

  it('merges partial settings over the defaults, field by field', () => {
    const parsed = parseStoredSettings({ video: { bitrate: 2500 }, webcam: { shape: 'square' }, theme: 'light' });
    expect(parsed).toEqual({
      ...DEFAULT_SETTINGS,
      video: { ...DEFAULT_SETTINGS.video, bitrate: 2500 },
      webcam: { ...DEFAULT_SETTINGS.webcam, shape: 'square' },
      theme: 'light',
    });
  });

  it('drops unknown keys at every level', () => {
    const parsed = parseStoredSettings({
      legacy: true,
      video: { quality: '720p', codec: 'av1' },
      audio: { extra: { nested: 1 } },
    });
    expect(parsed).not.toHaveProperty('legacy');
    expect(parsed.video).not.toHaveProperty('codec');
    expect(parsed.audio).not.toHaveProperty('extra');
    expect(parsed.video.quality).toBe('720p');
  });

  it.each([750, 12000, 1234, 'abc', 5000.5, -5000, Number.NaN, Number.POSITIVE_INFINITY, '5000', null, true])(
    'falls back to the default bitrate for %s and keeps the valid siblings',
    (bitrate) => {
      expect(withVideo({ bitrate, quality: '4k', frameRate: 60 }).video).toEqual({
        quality: '4k',
        bitrate: 5000,
        frameRate: 60,
        autoStart: false,
      });
    },
  );

  it.each([1000, 1500, 9500, 10000])('accepts the bitrate %s kbps', (bitrate) => {
    expect(withVideo({ bitrate }).video.bitrate).toBe(bitrate);
  });

  it('falls back per field for wrong types and unknown enum values', () => {
    const parsed = parseStoredSettings({
      video: { quality: '8k', frameRate: 24, autoStart: 'yes' },
      audio: { quality: 'medium', noiseSuppression: 0, echoCancellation: false },
      screen: { captureCursor: 'false', captureSystemAudio: true },
      storage: { cloudProvider: 'icloud', namingConvention: 'sequential', saveToCloud: true },
      webcam: { size: 'huge', position: 'middle', shape: 'circle' },
      defaultRecordingMode: 'audio-only',
      theme: 'dark',
    });
    expect(parsed).toEqual({
      video: DEFAULT_SETTINGS.video,
      audio: { quality: 'medium', noiseSuppression: true, echoCancellation: false },
      screen: { captureCursor: true, captureSystemAudio: true },
      storage: DEFAULT_SETTINGS.storage,
      webcam: { ...DEFAULT_SETTINGS.webcam, shape: 'circle' },
      defaultRecordingMode: 'screen-webcam',
      theme: 'dark',
    });
  });

  it('falls back to the default section when a section is not an object', () => {
    const parsed = parseStoredSettings({ video: 'fast', audio: null, screen: [true, false], webcam: 42, theme: 'light' });
    expect(parsed).toEqual({ ...DEFAULT_SETTINGS, theme: 'light' });
  });

  it.each([
    ['null', null],
    ['a string', 'settings'],
    ['a number', 42],
    ['a boolean', true],
    ['an array', [CUSTOM]],
    ['a function', () => CUSTOM],
    ['a symbol', Symbol('settings')],
    ['a bigint', 10n],
    ['a date', new Date()],
    ['nested garbage', { video: { quality: { nested: ['x'] } }, audio: [[[]]], storage: { autoSave: {} } }],
    ['a prototype-less object', Object.create(null) as object],
  ])('never throws for %s and returns the defaults', (_label, raw) => {
    expect(parseStoredSettings(raw)).toEqual(DEFAULT_SETTINGS);
  });

  it('never throws when reading the input throws', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('no');
        },
      },
    );
    const getterThrows = Object.defineProperty({}, 'video', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    expect(parseStoredSettings(hostile)).toEqual(DEFAULT_SETTINGS);
    expect(parseStoredSettings(getterThrows)).toEqual(DEFAULT_SETTINGS);
  });

  it('round-trips through JSON', () => {
    expect(parseStoredSettings(JSON.parse(JSON.stringify(CUSTOM)))).toEqual(CUSTOM);
  });
});

describe('saveToCloud', () => {
  // Nothing is ever uploaded (docs/decisions/0003-nothing-is-uploaded.md), so no path may turn it on.
  it('is normalised to false when stored as true', () => {
    expect(parseStoredSettings({ storage: { saveToCloud: true, autoSave: false } }).storage).toEqual({
      ...DEFAULT_SETTINGS.storage,
      saveToCloud: false,
      autoSave: false,
    });
  });

  it('is normalised to false when imported as true, and the rest of the file still applies', () => {
    const text = JSON.stringify({ ...CUSTOM, storage: { ...CUSTOM.storage, saveToCloud: true } });
    expect(parseImportedSettings(text)).toEqual({ ok: true, settings: CUSTOM });
  });

  it('cannot be switched on by an in-app update', () => {
    expect(mergeSettings(CUSTOM, { storage: { saveToCloud: true } })).toEqual(CUSTOM);
  });
});

describe('webcam overlay defaults', () => {
  it('accepts every size, position and shape the overlay can draw, and nothing else', () => {
    for (const size of OVERLAY_SIZES) expect(parseStoredSettings({ webcam: { size } }).webcam.size).toBe(size);
    for (const position of OVERLAY_POSITIONS) expect(parseStoredSettings({ webcam: { position } }).webcam.position).toBe(position);
    for (const shape of OVERLAY_SHAPES) expect(parseStoredSettings({ webcam: { shape } }).webcam.shape).toBe(shape);
    expect(parseStoredSettings({ webcam: { shape: 'hexagon' } }).webcam.shape).toBe('rounded-rectangle');
  });
});

describe('mergeSettings', () => {
  it('keeps the current value, not the default, for an invalid or missing field', () => {
    const merged = mergeSettings(CUSTOM, { video: { bitrate: 1234, autoStart: false }, theme: 'neon' });
    expect(merged).toEqual({ ...CUSTOM, video: { ...CUSTOM.video, autoStart: false } });
  });
});

describe('parseImportedSettings', () => {
  it('accepts a full exported object', () => {
    expect(parseImportedSettings(JSON.stringify(CUSTOM, null, 2))).toEqual({ ok: true, settings: CUSTOM });
  });

  it('fills missing fields from the defaults and ignores unknown keys', () => {
    const text = JSON.stringify({ video: { quality: '720p' }, theme: 'light', exportedAt: '2025-01-01', version: 1 });
    expect(parseImportedSettings(text)).toEqual({
      ok: true,
      settings: { ...DEFAULT_SETTINGS, video: { ...DEFAULT_SETTINGS.video, quality: '720p' }, theme: 'light' },
    });
  });

  it.each(['', 'not json', '{"video":', "{'theme':'dark'}", '<settings/>'])('rejects non-JSON text %j', (text) => {
    expect(parseImportedSettings(text)).toEqual({ ok: false });
  });

  it.each(['null', '"settings"', '42', 'true', '[]', JSON.stringify([CUSTOM])])('rejects JSON %s that is not an object', (text) => {
    expect(parseImportedSettings(text)).toEqual({ ok: false });
  });

  it.each([
    ['bitrate 750', { video: { bitrate: 750 } }],
    ['bitrate 12000', { video: { bitrate: 12000 } }],
    ['bitrate 1234', { video: { bitrate: 1234 } }],
    ['bitrate "abc"', { video: { bitrate: 'abc' } }],
    ['bitrate as a string', { video: { bitrate: '5000' } }],
    ['frame rate 24', { video: { frameRate: 24 } }],
    ['unknown audio quality', { audio: { quality: 'ultra' } }],
    ['boolean as a string', { screen: { captureCursor: 'true' } }],
    ['unknown cloud provider', { storage: { cloudProvider: 'icloud' } }],
    ['unknown webcam position', { webcam: { position: 'middle' } }],
    ['unknown theme', { theme: 'neon' }],
    ['null field', { audio: { noiseSuppression: null } }],
    ['section as a string', { video: '1080p' }],
    ['section as null', { webcam: null }],
    ['section as an array', { storage: [] }],
  ])('rejects an object with an invalid field: %s', (_label, value) => {
    expect(parseImportedSettings(JSON.stringify({ ...CUSTOM, ...value }))).toEqual({ ok: false });
  });
});

describe('audioBitrateKbps', () => {
  it('maps each audio quality to its Opus bitrate', () => {
    expect(audioBitrateKbps('low')).toBe(64);
    expect(audioBitrateKbps('medium')).toBe(128);
    expect(audioBitrateKbps('high')).toBe(256);
    expect(audioBitrateKbps('lossless')).toBe(510);
  });
});
