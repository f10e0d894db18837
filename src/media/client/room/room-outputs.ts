/**
 * Who records a room's files: the worker's encoders (WorkerRecordedOutputs) or MediaRecorders on the
 * page (PageRecordedOutputs, where WebCodecs or track processors are missing). The room recorder
 * picks one when it starts and talks to it only through this shape.
 */
import type { RoomOutputSpec, RoomRecorderStats, RoomStopResult } from '../../contract/room-recorder-api';

export interface RoomOutputs {
  /** Resolves with the files' first instant, in milliseconds since the epoch on this computer's clock. */
  start(outputs: readonly RoomOutputSpec[]): Promise<number>;
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<RoomStopResult>;
  /** The recording's figures, given what the worker counts (it always draws, and may encode). */
  stats(fromWorker: RoomRecorderStats): RoomRecorderStats;
  /** A participant's sound changed (a new link, a microphone switched or gone): an output recording it follows. */
  soundChanged(outputId: string): Promise<void>;
  /** Stops without finishing, after a failure or a room left mid-start; what was stored stays for recovery. */
  abortAll(reason: string): Promise<void>;
}
