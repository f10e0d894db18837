/**
 * The typed contract between the room page and the room recorder worker
 * (src/media/worker/room-recorder.worker.ts), shared by both sides so comlink calls are checked.
 */
import type { TrackSource } from './track-source-contract';
import type { RecorderEvents, RecordingResult, Size, StartOptions } from './recorder-contract';
import type { RoomRecordingKind } from '../storage/recordings-db';
import type { RecorderWorkerProtocol } from './recorder-worker-protocol';

export interface RoomTile {
  /** The participant whose video fills the tile. */
  sourceId: string;
  /** Drawn on the tile in the mixed recording: "You" for the host, the name for others. */
  label: string;
}

/** One file being recorded: the mixed picture, or one participant. */
export interface RoomOutputSpec {
  /** "mixed", or the participant id of a separate or local-only file. */
  outputId: string;
  recordingId: string;
  /** The stored recording's name in the library. */
  name: string;
  kind: RoomRecordingKind;
  size: { width: number; height: number };
  /** Bits per second. */
  videoBitrate: number;
  audioBitrate: number;
  frameRate: number;
  createdAt: number;
  tiles: RoomTile[];
  /** As StartOptions.fasterCodec. */
  fasterCodec?: boolean;
  /** Draw name labels (the mixed picture). */
  labels: boolean;
}

export type RoomRecorderState = 'idle' | 'recording' | 'paused' | 'finalizing';

export interface RoomRecorderStats {
  state: RoomRecorderState;
  /** Active media time, paused time excluded. */
  durationMs: number;
  /** Bytes of every file written so far. */
  bytes: number;
  /** Pictures recorded per second over the last seconds (per output): what the files get. */
  fps: number;
  /** The frame rate the recording runs at now (lower than chosen while the machine cannot keep up). */
  targetFps: number;
  /** The size of the first file's picture now (null when no file is being written). */
  videoSize: Size | null;
  /** The size chosen for the first file (null when no file is being written). */
  chosenSize: Size | null;
  /** True while the recording runs below its chosen frame rate or size to keep up (EncodingLadder). */
  steppedDown: boolean;
  /** On the ladder's last rung: nothing smaller or slower is left to try. */
  lowestRung: boolean;
  /** The longest encoder queue among the files, in frames. */
  videoBacklog: number;
  /** Frames not recorded because an encoder was behind, over every file being written. */
  framesDropped: number;
}

/** What a stop produced: the finished files, and how many could not be finished (kept for recovery). */
export interface RoomStopResult {
  results: RecordingResult[];
  failed: number;
}

export type { RecorderEvents, RecordingResult };

/** The stored row and encoding of one output's file, whichever pipeline records it. */
export function startOptionsFor(spec: RoomOutputSpec): StartOptions {
  return {
    recordingId: spec.recordingId,
    name: spec.name,
    mode: spec.kind,
    size: spec.size,
    videoBitrate: spec.videoBitrate,
    audioBitrate: spec.audioBitrate,
    frameRate: spec.frameRate,
    createdAt: spec.createdAt,
    fasterCodec: spec.fasterCodec,
  };
}

/** Fallback pipeline: receives each output's pictures so the page can record them with MediaRecorder. */
export interface RoomFrameSink {
  onFrame(outputId: string, frame: ImageBitmap): void;
}

/**
 * The room's worker: one output per file (the mixed picture, or one participant). Its video sources
 * are the participants, by id; a feed the page pumps also has the codec measured
 * (src/media/worker/codec-choice.ts).
 */
export interface RoomRecorderWorkerApi extends RecorderWorkerProtocol<string> {
  /** Fallback pipeline: where drawn pictures go. */
  setFrameSink(sink: RoomFrameSink | null): void;
  /** Fallback pipeline: draws an output's picture for the page, without encoding it here. */
  draw(spec: RoomOutputSpec): void;
  undraw(outputId: string): void;
  /** The audio of one output (the mix, or one participant), or null to clear it. */
  setAudioSource(outputId: string, source: TrackSource<AudioData> | null): void;
  /** Who appears in an output, in order (participants joining or leaving the mixed picture). */
  setTiles(outputId: string, tiles: RoomTile[]): void;
  /** `startedAt`: the files' first instant, in milliseconds since the epoch on this computer's clock. */
  start(outputs: RoomOutputSpec[]): Promise<{ videoCodec: string; startedAt: number }>;
  /** Finishes every output. Rejects only when no file could be finished. */
  stop(): Promise<RoomStopResult>;
  stats(): RoomRecorderStats;
}
