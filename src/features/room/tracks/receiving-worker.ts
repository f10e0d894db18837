/**
 * The page's side of the worker the host receives tracks in (track-receiving.worker.ts, and
 * docs/decisions/0015-podcast-tracks.md for why). It is started once the page is a room's host, so it
 * is ready before the first track's channel opens. A channel goes to it only where the browser lets
 * a data channel move to a worker, only in the task the channel opened in (later, the browser
 * refuses), and only once the worker has answered; otherwise the page receives the track itself, as
 * it always could.
 */
import { expose, transfer, wrap, type Remote } from 'comlink';
import type { ChannelToReceive, ReceivingEvents, ReceivingWorkerApi } from './track-receiving.worker';
import { reportError } from '../../../shared/report-error';

/** A track received in the worker, as the page holds it: what it is, and a way to end it. */
export interface WorkerReceiver {
  readonly participantId: string;
  readonly label: string;
  close(): void;
}

interface Started {
  worker: Worker;
  api: Remote<ReceivingWorkerApi>;
  /** Where channels are handed over: a message of their own, posted in the task they opened in. */
  handoff: MessagePort;
  ready: boolean;
  /** A channel has moved to it. */
  used: boolean;
}

/** The worker once started; 'none' where it cannot be (no workers, channels that do not move, a failed start). */
let started: Started | 'none' | null = null;
let nextKey = 0;

/**
 * Starts the worker, once per page; a worker that does not load, or a browser that will not move the
 * first channel to it, leaves the page receiving. (Whether a browser moves channels is found with a real
 * one: a probe would need a connection of its own.)
 */
export function startReceivingWorker(): void {
  if (started !== null) return;
  started = 'none';
  if (typeof Worker === 'undefined' || typeof MessageChannel === 'undefined') return;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./track-receiving.worker.ts', import.meta.url), { type: 'module', name: 'track-receiving' });
  } catch (error: unknown) {
    reportError('podcast track: receive tracks on the page instead', error);
    return;
  }
  const { port1, port2 } = new MessageChannel();
  const state: Started = { worker, api: wrap<ReceivingWorkerApi>(worker), handoff: port1, ready: false, used: false };
  started = state;
  // A script that cannot load never answers, so the page goes on receiving. An error in the worker's
  // code later leaves it running, with the tracks it holds: their later channels go to it too (a track
  // must not be written from two threads at once).
  worker.addEventListener('error', (event) => {
    reportError('podcast track: the worker that receives tracks', event.message || 'an error in the worker');
  });
  void state.api.listen(transfer(port2, [port2])).then(() => {
    state.ready = true;
  });
}

/**
 * Hands `channel` to the worker, if it is ready and the browser moves it; null otherwise (nothing was
 * moved: the caller receives it on the page, in this same task, before anything it carries is dispatched).
 */
export function receiveInWorker(channel: RTCDataChannel, from: Omit<ChannelToReceive, 'channel' | 'key' | 'events'>, events: ReceivingEvents): WorkerReceiver | null {
  if (started === null || started === 'none' || !started.ready) return null;
  const { api, handoff } = started;
  const key = ++nextKey;
  const { port1, port2 } = new MessageChannel();
  const message: ChannelToReceive = { channel, key, events: port2, ...from };
  try {
    handoff.postMessage(message, [channel, port2]);
  } catch (error: unknown) {
    port1.close();
    port2.close();
    // A browser that does not move data channels (older ones): this page receives every track itself.
    // (One that moved others before and refuses this one leaves them where they are.)
    if (!started.used) {
      started.worker.terminate();
      started = 'none';
    }
    reportError('podcast track: receive tracks on the page instead', error);
    return null;
  }
  started.used = true;
  // The worker lets this port go once the channel is over (comlink closes both ends then).
  expose(events, port1);
  return {
    participantId: from.participantId,
    label: channel.label,
    close: () => {
      void api.close(key);
    },
  };
}
