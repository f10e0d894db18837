import type { RecordingMode, StoredRecordingMode } from '../storage/recordings-db';

/** The studio's three modes, in the order the mode selector offers them. */
export const MODE_LABELS: Record<RecordingMode, string> = {
  'screen-only': 'Screen Only',
  'webcam-only': 'Webcam Only',
  'screen-webcam': 'Screen + Webcam',
};

/** Every kind of stored recording, as the library and the recovery notice name it. */
export const STORED_MODE_LABELS: Record<StoredRecordingMode, string> = {
  ...MODE_LABELS,
  'room-mixed': 'Room (mixed)',
  'room-separate': 'Room participant',
  'room-local-only': 'Room (local only)',
};

export const isStudioMode = (mode: StoredRecordingMode): mode is RecordingMode => mode in MODE_LABELS;

/** The name a new recording gets in the library until the user renames it. */
export const defaultRecordingName = (mode: RecordingMode): string => `${MODE_LABELS[mode]} recording`;
