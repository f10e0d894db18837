/**
 * What every recorder worker (the studio's and the room's) reports back to its page. It lives in
 * media/contract because worker code imports it too, and worker code must not reach the page side.
 */
import type { StoredRecordingMode } from '../storage/recordings-db';

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

/** One file to record: its row in the library and how it is encoded. */
export interface StartOptions {
  recordingId: string;
  name: string;
  /** Stored with the recording's row; room recordings use their own kinds. */
  mode: StoredRecordingMode;
  size: Size;
  /** Bits per second. */
  videoBitrate: number;
  audioBitrate: number;
  frameRate: number;
  createdAt: number;
  /**
   * This browser's encoder fell behind on a recent recording (src/media/client/encoder-history.ts):
   * record VP8, faster than VP9 on hard content, where the browser has it.
   */
  fasterCodec?: boolean;
}

export type EngineState = 'idle' | 'recording' | 'paused' | 'finalizing';
