import type { RecordingMode } from './storage/recordings-db';

export const MODE_LABELS: Record<RecordingMode, string> = {
  'screen-only': 'Screen Only',
  'webcam-only': 'Webcam Only',
  'screen-webcam': 'Screen + Webcam',
};

/** The name a new recording gets in the library until the user renames it. */
export const defaultRecordingName = (mode: RecordingMode): string => `${MODE_LABELS[mode]} recording`;
