import type { RecordingMode } from '../../shared/storage/recordings-db';

/** What each recording mode needs captured before it can start. */
export const modeNeedsScreen = (mode: RecordingMode): boolean => mode !== 'webcam-only';
export const modeNeedsWebcam = (mode: RecordingMode): boolean => mode !== 'screen-only';

export const MODE_LABELS: Record<RecordingMode, string> = {
  'screen-only': 'Screen Only',
  'webcam-only': 'Webcam Only',
  'screen-webcam': 'Screen + Webcam',
};

/** "screen + webcam", as in the spec's "Recording in screen + webcam mode." */
export const modePhrase = (mode: RecordingMode): string => MODE_LABELS[mode].toLowerCase();
