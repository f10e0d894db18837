/**
 * Whether this browser can record at all, known before Start: the worker pipeline (WebCodecs) or
 * MediaRecorder with a type we can store (WebM or MP4). Feature detection only.
 */
import { pickMimeType } from './recorder-mime';
import { supportsWorkerPipeline } from './track-feed';

export const CANNOT_RECORD =
  'This browser cannot record video. Use a recent version of Chrome, Edge, Firefox or Safari on a computer.';

/** Null when recording works here; otherwise what to tell the user before they press Start. */
export function cannotRecordReason(): string | null {
  if (supportsWorkerPipeline()) return null;
  if (typeof MediaRecorder !== 'function' || pickMimeType() === null) return CANNOT_RECORD;
  return null;
}

/** The container this browser's recordings are written in, as the stats card names it. */
export function recordingFormat(): 'WebM' | 'MP4' {
  if (supportsWorkerPipeline() || typeof MediaRecorder !== 'function') return 'WebM';
  return pickMimeType()?.startsWith('video/mp4') ? 'MP4' : 'WebM';
}
