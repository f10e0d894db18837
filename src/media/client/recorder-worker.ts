/**
 * The page's one client of a recorder worker, the studio's or the room's: it proves the worker
 * loaded (a worker that cannot load never answers: worker-start.ts), keeps the calls still waiting on
 * it, feeds it each source's pictures (VideoFeeds), and ends it the same way whoever used it. The
 * studio's bridge and the room's recorder add only what their recording needs, through `api`.
 */
import { proxy, wrap, type Remote } from 'comlink';
import type { RecorderEvents } from '../contract/recorder-contract';
import type { RecorderWorkerProtocol } from '../contract/recorder-worker-protocol';
import { reportingAs } from '../../shared/report-error';
import { VideoFeeds } from './video-feeds';
import { firstAnswer, WorkerCalls } from './worker-start';

export interface RecorderWorkerOptions {
  events: RecorderEvents;
  /** The page pumps frames (MediaRecorder pipeline) instead of handing the worker track feeds. */
  pumpFrames: boolean;
  /** Said when the worker cannot load. */
  loadFailed: string;
  /** Names the worker in what is reported when its disposal fails. */
  name: string;
}

export class RecorderWorker<Api extends RecorderWorkerProtocol<Key>, Key extends string> {
  /** Every call the worker's own API has; await them through `calls`, so ending the worker settles them. */
  readonly api: Remote<Api>;
  readonly calls = new WorkerCalls();
  readonly video: VideoFeeds<Key>;
  /**
   * The calls every recorder worker answers, typed without the worker's own additions (sources by a
   * plain string: comlink's types cannot follow a generic key across the worker boundary).
   */
  private readonly protocol: Remote<RecorderWorkerProtocol<string>>;
  private closed = false;

  private constructor(
    private readonly worker: Worker,
    private readonly name: string,
    pumpFrames: boolean,
  ) {
    this.api = wrap<Api>(worker);
    this.protocol = wrap<RecorderWorkerProtocol<string>>(worker);
    this.video = new VideoFeeds<Key>(this.protocol, this.calls, pumpFrames);
  }

  /** Starts using `worker`: resolves once it answered, or rejects (and ends it) if it cannot load. */
  static async open<Api extends RecorderWorkerProtocol<Key>, Key extends string>(worker: Worker, options: RecorderWorkerOptions): Promise<RecorderWorker<Api, Key>> {
    const client = new RecorderWorker<Api, Key>(worker, options.name, options.pumpFrames);
    try {
      // The first call proves the worker loaded; everything after it can simply await.
      await firstAnswer(worker, client.protocol.setEvents(proxy(options.events)), options.loadFailed);
    } catch (error) {
      client.close(options.loadFailed);
      throw error;
    }
    return client;
  }

  pause(): Promise<void> {
    return this.calls.fireAndForget(this.protocol.pause());
  }

  resume(): Promise<void> {
    return this.calls.fireAndForget(this.protocol.resume());
  }

  /** Stops every feed, ends the worker, and settles every call still waiting on it with `reason`. */
  close(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.video.stopAll();
    void this.protocol.dispose().catch(reportingAs(`${this.name}: dispose of the worker`));
    this.worker.terminate();
    this.calls.end(reason);
  }
}
