/**
 * Where a participant sends their own tracks to the host when the browser lets a data channel move to
 * a worker (docs/decisions/0015-podcast-tracks.md): each channel is handed over in the task it opened
 * in, and the reads of the stored file, the digests, the blocks and the check at the end run here,
 * none of them waiting for the page, which in a call is never idle. The page tells each track's sender
 * when the recording stops and is finished, and hears its progress for the card.
 */
import { expose, releaseProxy, wrap, type Remote } from 'comlink';
import { reportError } from '../../../shared/report-error';
import { readOwnTrack } from './own-track-reads';
import { TrackSender, type OwnRecording, type SendProgress } from './track-sender';

/** What the page hears of one track sent from here (each call a message). */
export interface SendingEvents {
  progress(progress: SendProgress): void;
  /** A new channel to the host is wanted. */
  reopen(): void;
  /** The recording's row is gone from this computer's library: nothing is left to send. */
  withdrawn(): void;
}

/**
 * What the page posts, in order, through the one port: a track to send (with its first channel, and
 * what the page was told of its recording so far), a later channel for it, and what happens to it.
 */
export type SendingOrder =
  | { kind: 'send'; key: number; recording: OwnRecording; channel: RTCDataChannel; events: MessagePort; stopped: boolean; finished: boolean }
  | { kind: 'attach'; key: number; channel: RTCDataChannel }
  | { kind: 'stopping' | 'finish' | 'dispose'; key: number };

interface Sending {
  sender: TrackSender;
  events: Remote<SendingEvents>;
  /** The events' port is let go once the track is delivered or given up: nothing more is said then. */
  over: boolean;
}

const sendings = new Map<number, Sending>();

function end(key: number, sending: Sending): void {
  if (sendings.get(key) === sending) sendings.delete(key);
  if (sending.over) return;
  sending.over = true;
  sending.events[releaseProxy]();
}

function send({ key, recording, channel, events: port, stopped, finished }: Extract<SendingOrder, { kind: 'send' }>): void {
  const events = wrap<SendingEvents>(port);
  const sending: Sending = {
    events,
    over: false,
    sender: new TrackSender(recording, {
      readFile: (from, to) =>
        readOwnTrack(recording.recordingId, from, to, () => {
          if (!sending.over) void events.withdrawn();
        }),
      onProgress: (progress) => {
        if (sending.over) return;
        void events.progress(progress);
        // Delivered: the sender has closed its channel and does nothing more.
        if (progress.delivered) end(key, sending);
      },
      reopen: () => {
        if (!sending.over) void events.reopen();
      },
    }),
  };
  sendings.set(key, sending);
  if (stopped) sending.sender.stopping();
  if (finished) sending.sender.finish();
  sending.sender.attach(channel);
}

function follow(order: SendingOrder): void {
  if (order.kind === 'send') {
    send(order);
    return;
  }
  const sending = sendings.get(order.key);
  if (!sending) {
    if (order.kind === 'attach') order.channel.close();
    return;
  }
  switch (order.kind) {
    case 'attach':
      sending.sender.attach(order.channel);
      break;
    case 'stopping':
      sending.sender.stopping();
      break;
    case 'finish':
      sending.sender.finish();
      break;
    case 'dispose':
      sending.sender.dispose();
      end(order.key, sending);
      break;
  }
}

const api = {
  /** Orders come through `port` from now on; answers once the worker has loaded. */
  listen(port: MessagePort): boolean {
    port.onmessage = ({ data }: MessageEvent<SendingOrder>) => {
      try {
        follow(data);
      } catch (error: unknown) {
        reportError('podcast track: send from the worker', error);
      }
    };
    return true;
  },
};

export type SendingWorkerApi = typeof api;

expose(api);
