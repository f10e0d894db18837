/**
 * The page's side of the worker a participant sends their own tracks from (track-sending.worker.ts,
 * and docs/decisions/0015-podcast-tracks.md for why). It is started once the page is in a room as a
 * guest, so it is ready before the first track's channel opens. A track is sent from the worker only
 * where the browser lets a data channel move there, in the task the channel opened in; otherwise, or
 * when the worker has not answered by the track's first channel, the page sends it, as it always could.
 */
import { expose, transfer, wrap } from 'comlink';
import type { SendingEvents, SendingOrder, SendingWorkerApi } from './track-sending.worker';
import { reportError } from '../../../shared/report-error';
import { readOwnTrack } from './own-track-reads';
import { TrackSender, type OwnRecording, type TrackSenderDeps } from './track-sender';

interface Started {
  worker: Worker;
  /** Where orders go, in order: a channel must be posted in the task it opened in. */
  port: MessagePort;
  ready: Promise<boolean>;
  isReady: boolean;
  /** A channel has moved to it. */
  used: boolean;
}

/** The worker once started; 'none' where it cannot be (no workers, channels that do not move, a failed start). */
let started: Started | 'none' | null = null;
let nextKey = 0;
/** How long the worker may take to load before the page sends its tracks itself. */
const LOAD_WAIT_MS = 10_000;

/**
 * Starts the worker, once per page. Resolves once it can take tracks, or will not (false): a track's
 * first channel waits for that, rather than go to the page for good because it began first.
 */
export function startSendingWorker(): Promise<boolean> {
  if (started === 'none') return Promise.resolve(false);
  if (started !== null) return started.ready;
  started = 'none';
  if (typeof Worker === 'undefined' || typeof MessageChannel === 'undefined') return Promise.resolve(false);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./track-sending.worker.ts', import.meta.url), { type: 'module', name: 'track-sending' });
  } catch (error: unknown) {
    reportError('podcast track: send tracks from the page instead', error);
    return Promise.resolve(false);
  }
  const { port1, port2 } = new MessageChannel();
  const api = wrap<SendingWorkerApi>(worker);
  let settle: (ready: boolean) => void = () => undefined;
  const state: Started = {
    worker,
    port: port1,
    ready: new Promise<boolean>((resolve) => {
      settle = resolve;
    }),
    isReady: false,
    used: false,
  };
  started = state;
  // A script that cannot load never answers (or says so with an error): the page sends its tracks itself.
  const gaveUp = setTimeout(() => {
    settle(false);
  }, LOAD_WAIT_MS);
  void api
    .listen(transfer(port2, [port2]))
    .catch(() => false)
    .then(settle);
  worker.addEventListener('error', (event) => {
    reportError('podcast track: the worker that sends tracks', event.message || 'an error in the worker');
    // Once loaded, an error in its code leaves the tracks it holds with it (one track, one thread).
    if (!state.isReady) settle(false);
  });
  state.ready = state.ready.then((ready) => {
    clearTimeout(gaveUp);
    if (started !== state) return false;
    if (!ready) {
      worker.terminate();
      started = 'none';
      return false;
    }
    state.isReady = true;
    return true;
  });
  return state.ready;
}

/** Whether the worker has loaded, or will not be used: a track's first channel need not wait. */
export function sendingWorkerSettled(): boolean {
  return started === 'none' || (started !== null && started.isReady);
}

/** What the page keeps of a track sent from the worker. */
interface InWorker {
  key: number;
  port: MessagePort;
}

/** What a sender is told, kept so one made later (on the page, after a refused move) starts where it should. */
interface Told {
  stopped: boolean;
  finished: boolean;
  disposed: boolean;
}

/**
 * One own track on its way to the host, sent from the worker or from the page: it goes where its first
 * channel went. Should the browser refuse a later channel, the page takes the track over, and the host's
 * "have" says where sending goes on from.
 */
export class TrackSending {
  private inWorker: InWorker | null = null;
  private onPage: TrackSender | null = null;
  private delivered = false;
  private readonly told: Told = { stopped: false, finished: false, disposed: false };

  constructor(
    readonly recording: OwnRecording,
    private readonly deps: Pick<TrackSenderDeps, 'onProgress' | 'reopen'> & {
      /** The recording's row is gone from this computer's library: nothing is left to send. */
      withdrawn(): void;
    },
  ) {}

  get isDelivered(): boolean {
    return this.onPage?.isDelivered ?? this.delivered;
  }

  /** It has had a channel: it is sent from the worker or from the page from now on. */
  get placed(): boolean {
    return this.inWorker !== null || this.onPage !== null;
  }

  /** A fresh channel to the host: handed to the worker in this task where it can be, or sent from here. */
  attach(channel: RTCDataChannel): void {
    if (this.told.disposed || this.isDelivered) {
      channel.close();
      return;
    }
    if (this.onPage) {
      this.onPage.attach(channel);
      return;
    }
    if (this.toWorker(channel)) return;
    if (this.inWorker) this.leaveWorker();
    const { recordingId } = this.recording;
    this.onPage = new TrackSender(this.recording, {
      ...this.deps,
      readFile: (from, to) =>
        readOwnTrack(recordingId, from, to, () => {
          this.deps.withdrawn();
        }),
    });
    if (this.told.stopped) this.onPage.stopping();
    if (this.told.finished) this.onPage.finish();
    this.onPage.attach(channel);
  }

  stopping(): void {
    this.told.stopped = true;
    this.onPage?.stopping();
    this.order('stopping');
  }

  finish(): void {
    this.told.finished = true;
    this.onPage?.finish();
    this.order('finish');
  }

  dispose(): void {
    this.told.disposed = true;
    this.onPage?.dispose();
    this.leaveWorker();
  }

  /** Moves `channel` to the worker; false when it stayed here (nothing was moved). */
  private toWorker(channel: RTCDataChannel): boolean {
    if (started === null || started === 'none' || !started.isReady) return false;
    const worker = started;
    const key = this.inWorker?.key ?? ++nextKey;
    // A track's first channel goes with the port its events come back through.
    const events = this.inWorker ? null : new MessageChannel();
    const order: SendingOrder = events
      ? { kind: 'send', key, recording: this.recording, channel, events: events.port2, stopped: this.told.stopped, finished: this.told.finished }
      : { kind: 'attach', key, channel };
    try {
      worker.port.postMessage(order, events ? [channel, events.port2] : [channel]);
    } catch (error: unknown) {
      events?.port1.close();
      events?.port2.close();
      // A browser that does not move data channels (older ones): this page sends every track itself.
      if (!worker.used) {
        worker.worker.terminate();
        started = 'none';
      }
      reportError('podcast track: send the track from the page instead', error);
      return false;
    }
    worker.used = true;
    if (events) {
      this.inWorker = { key, port: events.port1 };
      const heard: SendingEvents = {
        progress: (progress) => {
          if (progress.delivered) this.delivered = true;
          if (!this.told.disposed) this.deps.onProgress(progress);
        },
        reopen: () => {
          if (!this.told.disposed) this.deps.reopen();
        },
        withdrawn: () => {
          if (!this.told.disposed) this.deps.withdrawn();
        },
      };
      // Once the track is delivered the worker releases its proxy, and comlink closes this end;
      // `leaveWorker` closes it when the page gives the track up first.
      expose(heard, events.port1);
    }
    return true;
  }

  private order(kind: 'stopping' | 'finish' | 'dispose'): void {
    if (!this.inWorker || started === null || started === 'none') return;
    started.port.postMessage({ kind, key: this.inWorker.key } satisfies SendingOrder);
  }

  /** The worker's sender is ended (disposed there), and the page hears nothing more of it. */
  private leaveWorker(): void {
    if (!this.inWorker) return;
    this.order('dispose');
    this.inWorker.port.close();
    this.inWorker = null;
  }
}
