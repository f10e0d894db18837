/**
 * What every recorder worker (the studio's and the room's) reports back to its page. It lives in
 * shared/ because worker code imports it too, and workers must not pull in either feature's
 * page-side modules.
 */
export interface Size {
  width: number;
  height: number;
}

export interface RecordingResult {
  recordingId: string;
  durationMs: number;
  size: number;
  mimeType: string;
  videoCodec: string;
}

export interface RecorderEvents {
  /** A failure the worker could not recover from; whatever was stored is kept. */
  onError(message: string, name: string): void;
}
