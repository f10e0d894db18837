import type { RecordingMode } from '../../media';

/** What `/studio?mode=…` may ask for: links such as Home's Quick Start preselect a recording mode. */
export interface StudioSearch {
  readonly mode?: RecordingMode;
}

// A record keyed by the union makes the compiler insist that every mode is listed.
const MODE_KEYS: Record<RecordingMode, true> = { 'screen-only': true, 'webcam-only': true, 'screen-webcam': true };

function isRecordingMode(value: unknown): value is RecordingMode {
  return typeof value === 'string' && Object.hasOwn(MODE_KEYS, value);
}

/** Keeps a known mode and drops anything else, so a mistyped link still opens the studio. */
export function parseStudioSearch(search: Readonly<Record<string, unknown>>): StudioSearch {
  return isRecordingMode(search.mode) ? { mode: search.mode } : {};
}
