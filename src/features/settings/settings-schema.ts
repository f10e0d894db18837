import { z } from '../../shared/zod';
import { OVERLAY_POSITIONS, OVERLAY_SHAPES, OVERLAY_SIZES } from '../../shared/webcam-overlay';
import { DEFAULT_THEME, SETTINGS_STORAGE_KEY, THEMES } from './theme-preference';

export { SETTINGS_STORAGE_KEY, THEMES };

// Option lists are exported so the settings page renders exactly what the schema accepts.
export const VIDEO_QUALITIES = ['720p', '1080p', '4k'] as const;
export const FRAME_RATES = [30, 60] as const;
export const BITRATE_KBPS = { min: 1000, max: 10000, step: 500 } as const;
export const AUDIO_QUALITIES = ['low', 'medium', 'high', 'lossless'] as const;
export const CLOUD_PROVIDERS = ['google-drive', 'dropbox', 'onedrive'] as const;
// A one-entry enum rather than a literal, so more conventions can be added without changing the shape.
export const NAMING_CONVENTIONS = ['datetime'] as const;
export const RECORDING_MODES = ['screen-only', 'webcam-only', 'screen-webcam'] as const;

// Defaults live on the leaves so the schema is the single source of them (DEFAULT_SETTINGS is derived),
// and sections use prefault({}) so a missing section is built from its leaves' defaults.
const VideoSettingsSchema = z.object({
  quality: z.enum(VIDEO_QUALITIES).default('1080p'),
  bitrate: z
    .number()
    .int()
    .min(BITRATE_KBPS.min)
    .max(BITRATE_KBPS.max)
    .multipleOf(BITRATE_KBPS.step)
    .default(5000),
  frameRate: z.literal(FRAME_RATES).default(30),
  autoStart: z.boolean().default(false),
});

const AudioSettingsSchema = z.object({
  quality: z.enum(AUDIO_QUALITIES).default('high'),
  noiseSuppression: z.boolean().default(true),
  echoCancellation: z.boolean().default(true),
});

const ScreenSettingsSchema = z.object({
  captureCursor: z.boolean().default(true),
  captureSystemAudio: z.boolean().default(false),
});

const StorageSettingsSchema = z.object({
  autoSave: z.boolean().default(true),
  // Kept for the file format, but always false: nothing is ever uploaded
  // (docs/decisions/0003-nothing-is-uploaded.md), so a stored or imported `true` (an older version, a
  // hand-edited file) must not claim otherwise.
  saveToCloud: z
    .boolean()
    .transform((): false => false)
    .default(false),
  cloudProvider: z.enum(CLOUD_PROVIDERS).default('google-drive'),
  namingConvention: z.enum(NAMING_CONVENTIONS).default('datetime'),
});

const WebcamSettingsSchema = z.object({
  // The overlay's own lists: the studio draws exactly what Settings can store.
  size: z.enum(OVERLAY_SIZES).default('medium'),
  position: z.enum(OVERLAY_POSITIONS).default('bottom-right'),
  shape: z.enum(OVERLAY_SHAPES).default('rounded-rectangle'),
});

const TOP_LEVEL_FIELDS = {
  defaultRecordingMode: z.enum(RECORDING_MODES).default('screen-webcam'),
  theme: z.enum(THEMES).default(DEFAULT_THEME),
};

// z.object strips unknown keys, which is what both the stored and the imported paths want.
const SettingsSchema = z.object({
  video: VideoSettingsSchema.prefault({}),
  audio: AudioSettingsSchema.prefault({}),
  screen: ScreenSettingsSchema.prefault({}),
  storage: StorageSettingsSchema.prefault({}),
  webcam: WebcamSettingsSchema.prefault({}),
  ...TOP_LEVEL_FIELDS,
});

export type Settings = z.output<typeof SettingsSchema>;
export type AudioQuality = Settings['audio']['quality'];

// Parsing {} builds new section objects every call, so callers never share (and mutate) one instance.
const freshDefaults = (): Settings => SettingsSchema.parse({});

export const DEFAULT_SETTINGS: Settings = freshDefaults();

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Copies each field of `raw` that its own schema accepts over `base`; anything else keeps `base`. */
function overlayFields<T extends object>(shape: { [K in keyof T]: z.ZodType<T[K]> }, base: T, raw: unknown): T {
  const source = asRecord(raw);
  const out = { ...base };
  for (const key of Object.keys(shape) as (keyof T & string)[]) {
    const value = source[key];
    // Skipping undefined keeps the leaf's .default() from overwriting a non-default base value.
    if (value === undefined) continue;
    const result = shape[key].safeParse(value);
    if (result.success) out[key] = result.data;
  }
  return out;
}

/**
 * Overlays every valid field of `raw` onto `base`, field by field: one bad value never costs the valid
 * values next to it. Used for stored settings and for in-app updates, where losing a whole section
 * to one out-of-range number would be worse than ignoring that number.
 */
export function mergeSettings(base: Settings, raw: unknown): Settings {
  try {
    const source = asRecord(raw);
    return {
      video: overlayFields(VideoSettingsSchema.shape, base.video, source.video),
      audio: overlayFields(AudioSettingsSchema.shape, base.audio, source.audio),
      screen: overlayFields(ScreenSettingsSchema.shape, base.screen, source.screen),
      storage: overlayFields(StorageSettingsSchema.shape, base.storage, source.storage),
      webcam: overlayFields(WebcamSettingsSchema.shape, base.webcam, source.webcam),
      ...overlayFields(
        TOP_LEVEL_FIELDS,
        { defaultRecordingMode: base.defaultRecordingMode, theme: base.theme },
        source,
      ),
    };
  } catch {
    // `raw` can be anything, including a Proxy or an object whose getters throw.
    return base;
  }
}

/** Reads whatever was stored (possibly by an older or newer version of the app) without ever failing. */
export function parseStoredSettings(raw: unknown): Settings {
  return mergeSettings(freshDefaults(), raw);
}

export type ImportResult = { ok: true; settings: Settings } | { ok: false };

const SETTINGS_KEYS = Object.keys(SettingsSchema.shape);

/**
 * Import is all-or-nothing, unlike stored settings: a file the user picked that does not match is more
 * likely the wrong file than a partly outdated one, so nothing from it is applied. An object with none
 * of the settings' keys (`{}`, someone's package.json) is the wrong file too, not "reset everything".
 */
export function parseImportedSettings(text: string): ImportResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  const record = asRecord(json);
  if (!SETTINGS_KEYS.some((key) => Object.hasOwn(record, key))) return { ok: false };
  const result = SettingsSchema.safeParse(json);
  return result.success ? { ok: true, settings: result.data } : { ok: false };
}

// Recordings carry Opus audio in WebM and Opus has no lossless mode, so "lossless" means Opus at its
// 510 kbps ceiling (48 kHz), the closest the format gets.
const AUDIO_BITRATE_KBPS = {
  low: 64,
  medium: 128,
  high: 256,
  lossless: 510,
} as const satisfies Record<AudioQuality, number>;

export function audioBitrateKbps(quality: AudioQuality): number {
  return AUDIO_BITRATE_KBPS[quality];
}
