/** What the Settings page calls each option; the values themselves come from the schema's lists. */
import {
  AUDIO_QUALITIES,
  CLOUD_PROVIDERS,
  FRAME_RATES,
  RECORDING_MODES,
  THEMES,
  VIDEO_QUALITIES,
  type Settings,
} from './settings-schema';
import { titleCase } from '../../shared/format';
import { OVERLAY_POSITIONS, OVERLAY_SHAPES, OVERLAY_SIZES } from '../../shared/webcam-overlay';

export interface Option<V extends string> {
  value: V;
  label: string;
}

const titled = <V extends string>(values: readonly V[]): Option<V>[] => values.map((value) => ({ value, label: titleCase(value) }));

export const VIDEO_QUALITY_DETAILS: Record<Settings['video']['quality'], { label: string; detail: string }> = {
  '720p': { label: '720p HD', detail: '1280 × 720' },
  '1080p': { label: '1080p Full HD', detail: '1920 × 1080' },
  '4k': { label: '4K Ultra HD', detail: '3840 × 2160' },
};
export const RECOMMENDED_QUALITY: Settings['video']['quality'] = '720p';
export const VIDEO_QUALITY_ORDER = VIDEO_QUALITIES;

export const FRAME_RATE_OPTIONS: Option<string>[] = FRAME_RATES.map((rate) => ({ value: String(rate), label: `${rate} fps` }));

export const AUDIO_QUALITY_OPTIONS: Option<Settings['audio']['quality']>[] = AUDIO_QUALITIES.map((value) => ({
  value,
  label: { low: 'Low (64 kbps)', medium: 'Medium (128 kbps)', high: 'High (256 kbps)', lossless: 'Lossless (48 kHz)' }[value],
}));

export const CLOUD_PROVIDER_OPTIONS: Option<Settings['storage']['cloudProvider']>[] = CLOUD_PROVIDERS.map((value) => ({
  value,
  label: { 'google-drive': 'Google Drive', dropbox: 'Dropbox', onedrive: 'OneDrive' }[value],
}));

export const NAMING_OPTIONS: Option<Settings['storage']['namingConvention']>[] = [
  { value: 'datetime', label: 'Mode and date-time' },
];

export const WEBCAM_SIZE_OPTIONS = titled(OVERLAY_SIZES);
export const WEBCAM_POSITION_OPTIONS = titled(OVERLAY_POSITIONS);
export const WEBCAM_SHAPE_OPTIONS = titled(OVERLAY_SHAPES);

export const RECORDING_MODE_OPTIONS: Option<Settings['defaultRecordingMode']>[] = RECORDING_MODES.map((value) => ({
  value,
  label: { 'screen-webcam': 'Screen + Webcam', 'screen-only': 'Screen Only', 'webcam-only': 'Webcam Only' }[value],
}));

export const THEME_OPTIONS: Option<Settings['theme']>[] = THEMES.map((value) => ({
  value,
  label: { light: 'Light', dark: 'Dark', system: 'System' }[value],
}));

/** "5000 kbps (5 Mbps)": the slider's readout, so both units people know are shown. */
export function formatBitrate(kbps: number): string {
  return `${kbps} kbps (${(kbps / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} Mbps)`;
}
