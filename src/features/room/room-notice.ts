/** A message for the user, shown as a toast by the page. */
export interface RoomNotice {
  title: string;
  message: string;
  tone: 'success' | 'error' | 'warning' | 'info';
  /** A button on the toast (the Recording Complete toast's Download). */
  action?: { label: string; run: () => void };
  /** Stays until dismissed. */
  sticky?: boolean;
  /** Shown but not announced: the room's live region already says it. */
  quiet?: boolean;
}

/** A finished file of a room recording, stored in IndexedDB. */
export interface RoomFile {
  recordingId: string;
  fileName: string;
  size: number;
  durationMs: number;
}
