/**
 * The room's worker pipeline: the room recorder worker encodes every output itself. The page's part
 * is each output's sound, sent to the worker as an audio feed (track-feed.ts): the room's mix, or a
 * participant's own track.
 */
import { transfer, type Remote } from 'comlink';
import type { RoomOutputSpec, RoomRecorderStats, RoomRecorderWorkerApi, RoomStopResult } from '../../contract/room-recorder-api';
import type { RecorderWorker } from '../recorder-worker';
import { audioFeed } from '../track-feed';
import type { WorkerCalls } from '../worker-start';
import type { RoomOutputs } from './room-outputs';

export class WorkerRecordedOutputs implements RoomOutputs {
  /** How to stop sending each output's sound to the worker. */
  private readonly audioFeeds = new Map<string, () => void>();
  private readonly api: Remote<RoomRecorderWorkerApi>;
  private readonly calls: WorkerCalls;

  constructor(
    private readonly worker: RecorderWorker<RoomRecorderWorkerApi, string>,
    /** The sound recorded with an output: the room's mix, or one participant. */
    private readonly audioFor: (outputId: string) => MediaStreamTrack,
  ) {
    this.api = worker.api;
    this.calls = worker.calls;
  }

  async start(outputs: readonly RoomOutputSpec[]): Promise<number> {
    for (const output of outputs) await this.connectAudio(output.outputId);
    const { startedAt } = await this.calls.track(this.api.start([...outputs]));
    return startedAt;
  }

  pause(): Promise<void> {
    return this.worker.pause();
  }

  resume(): Promise<void> {
    return this.worker.resume();
  }

  async stop(): Promise<RoomStopResult> {
    try {
      return await this.calls.track(this.api.stop());
    } finally {
      await this.abortAll();
    }
  }

  stats(fromWorker: RoomRecorderStats): RoomRecorderStats {
    return fromWorker;
  }

  async soundChanged(outputId: string): Promise<void> {
    if (this.audioFeeds.has(outputId)) await this.connectAudio(outputId);
  }

  /** The worker stores what it has before it reports a failure; only the sound feeds are left to stop. */
  abortAll(): Promise<void> {
    this.audioFeeds.forEach((stop) => {
      stop();
    });
    this.audioFeeds.clear();
    return Promise.resolve();
  }

  private stopAudio(outputId: string): void {
    this.audioFeeds.get(outputId)?.();
    this.audioFeeds.delete(outputId);
  }

  private async connectAudio(outputId: string): Promise<void> {
    this.stopAudio(outputId);
    const feed = audioFeed(this.audioFor(outputId));
    this.audioFeeds.set(outputId, feed.stop);
    await this.calls.fireAndForget(this.api.setAudioSource(outputId, transfer(feed.source, feed.transferables)));
  }
}
