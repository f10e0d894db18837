/**
 * The page's side of the worker the host receives tracks in (track-receiving.worker.ts, and
 * docs/decisions/0015-podcast-tracks.md for why). It is started once the page is a room's host, so it
 * is ready before the first track's channel opens. A channel goes to it only where the browser lets
 * a data channel move to a worker (Chromium does; Firefox does not), only in the task the channel
 * opened in (later, the browser refuses), and only once the worker has answered; otherwise the page
 * receives the track itself, as it always could.
 */
import { proxy, transfer, wrap, type Remote } from 'comlink';
import type { ReceivingEvents, ReceivingWorkerApi } from './track-receiving.worker';
import { reportError } from '../../../shared/report-error';

/** A track received in the worker, as the page holds it: what it is, and a way to end it. */
export interface WorkerReceiver {
  readonly participantId: string;
  readonly label: string;
  close(): void;
}

interface Started {
  api: Remote<ReceivingWorkerApi>;
  ready: boolean;
}

let started: Started | null = null;
let nextKey = 0;

/** Starts the worker, once per page, where channels can move to it; a worker that fails leaves the page receiving. */
export function startReceivingWorker(): void {
  if (started !== null || typeof Worker === 'undefined' || !channelsMoveToWorkers()) return;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./track-receiving.worker.ts', import.meta.url), { type: 'module', name: 'track-receiving' });
  } catch (error: unknown) {
    reportError('podcast track: receive tracks on the page instead', error);
    return;
  }
  const state: Started = { api: wrap<ReceivingWorkerApi>(worker), ready: false };
  started = state;
  // A script that cannot load, or a worker that fails later: the tracks that come next go to the page.
  worker.addEventListener('error', (event) => {
    state.ready = false;
    reportError('podcast track: receive tracks on the page instead', event.message || 'the worker failed');
  });
  void state.api.ready().then(() => {
    state.ready = true;
  });
}

/**
 * Hands `channel` to the worker, if it is ready; `onPage` receives it on the page instead if the
 * browser refuses to move it (in the same task: nothing it carries has been dispatched yet). Null
 * when the worker is not ready: the caller receives it on the page.
 */
export function receiveInWorker(channel: RTCDataChannel, from: { roomId: string; participantId: string; participantName: string }, events: ReceivingEvents, onPage: () => void): WorkerReceiver | null {
  const state = started;
  if (!state?.ready) return null;
  const key = ++nextKey;
  let refused = false;
  // comlink posts the message at once, in this task; a channel the browser will not move rejects it.
  state.api.receive(transfer({ channel, key, ...from }, [channel]), proxy(events)).catch((error: unknown) => {
    if (refused) return;
    refused = true;
    reportError('podcast track: receive a track on the page instead', error);
    onPage();
  });
  return {
    participantId: from.participantId,
    label: channel.label,
    close: () => {
      if (!refused) void state.api.close(key);
    },
  };
}

/**
 * Whether this browser moves a data channel to another thread: one made on a connection that never
 * connects is posted to a port, in the task it was made in.
 */
function channelsMoveToWorkers(): boolean {
  if (typeof RTCPeerConnection === 'undefined' || typeof MessageChannel === 'undefined') return false;
  let connection: RTCPeerConnection | null = null;
  const { port1, port2 } = new MessageChannel();
  try {
    connection = new RTCPeerConnection();
    const channel = connection.createDataChannel('probe');
    port1.postMessage(channel, [channel]);
    return true;
  } catch {
    return false;
  } finally {
    connection?.close();
    port1.close();
    port2.close();
  }
}
