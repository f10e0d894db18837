/**
 * The typed contract between the page and the recorder worker (src/media/worker/recorder.worker.ts),
 * shared by both sides so comlink calls are checked at compile time.
 */
import type { TrackSource } from './track-source-contract';
import type { OverlayPosition, OverlayShape, OverlaySize, Size } from './overlay-geometry';
import type { RecordingMode } from '../storage/recordings-db';
import type { EngineState, RecorderEvents, RecordingResult, StartOptions } from './recorder-contract';
import type { RecorderWorkerProtocol } from './recorder-worker-protocol';

export type VideoSourceKind = 'screen' | 'webcam';

export interface OverlayLayout {
  shape: OverlayShape;
  size: OverlaySize;
  position: OverlayPosition;
}

export interface CompositeLayout {
  mode: RecordingMode;
  overlay: OverlayLayout;
}


export interface RecorderStats {
  state: EngineState;
  /** Active media time recorded, paused time excluded. */
  durationMs: number;
  /** Bytes of the file written so far. */
  bytes: number;
  /** Frames recorded per second over the last seconds: what the file gets (while idle: the preview's). */
  fps: number;
  /** The adaptive loop's current target. */
  targetFps: number;
  /** The size of the picture being drawn and encoded now. */
  videoSize: Size;
  /** The size chosen for this recording (Settings). */
  chosenSize: Size;
  /** True while the recording runs below its chosen frame rate or size to keep up (EncodingLadder). */
  steppedDown: boolean;
  /** On the ladder's last rung: nothing smaller or slower is left to try. */
  lowestRung: boolean;
  framesEncoded: number;
  /** Frames not recorded because the encoder was behind. */
  framesDropped: number;
  /** Frames waiting in the video encoders now (bounded by MAX_STARTUP_BACKLOG, or MAX_HANDOVER_BACKLOG while a size step's old encoder finishes). */
  videoBacklog: number;
  /** Audio blocks waiting for the audio encoder now. */
  audioBacklog: number;
  /** Source pictures (screen + webcam) converted for drawing since the worker started. */
  sourceConversions: number;
}

export type { EngineState, RecorderEvents, RecordingResult, StartOptions };

/** Fallback path: receives each composite frame so the page can record it with MediaRecorder. */
export interface FrameSink {
  onFrame(frame: ImageBitmap): void;
}

/** The studio's worker: one composite canvas (the preview) recorded into one file. */
export interface RecorderWorkerApi extends RecorderWorkerProtocol<VideoSourceKind> {
  attachCanvas(canvas: OffscreenCanvas, size: Size, frameRate: number): void;
  setFrameSink(sink: FrameSink | null): void;
  setSize(size: Size): void;
  setLayout(layout: CompositeLayout): void;
  /** The worker pipeline: choose the codec ahead of Start (measured once the page feeds frames itself: setVideoSource). */
  prepareEncoder(): void;
  setAudioSource(source: TrackSource<AudioData> | null): void;
  start(options: StartOptions): Promise<{ videoCodec: string }>;
  stop(): Promise<RecordingResult>;
  stats(): RecorderStats;
}
