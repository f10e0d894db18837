/**
 * What every recorder worker answers, the studio's and the room's alike: where its events go, the
 * pictures of each source (keyed by the source: the studio's screen and camera, a room's
 * participants), pause and resume, and disposal. The page's side of it is one client
 * (src/media/client/recorder-worker.ts). Each worker adds what its recording needs: one composite
 * canvas and file (recorder-api.ts), or one output per file (room-recorder-api.ts).
 */
import type { TrackSource } from './track-source-contract';
import type { RecorderEvents } from './recorder-contract';

export interface RecorderWorkerProtocol<SourceKey> {
  setEvents(events: RecorderEvents): void;
  /** A track feed (a track processor's readable, or a port the page feeds), or null to clear the source. */
  setVideoSource(key: SourceKey, source: TrackSource<VideoFrame> | null): void;
  /** MediaRecorder pipeline: frames pushed from the page where readables cannot be transferred. */
  pushVideoFrame(key: SourceKey, frame: ImageBitmap): void;
  pause(): void;
  resume(): void;
  dispose(): void;
}
