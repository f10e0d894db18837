/**
 * Where the host receives participants' tracks when the browser lets a data channel move to a worker
 * (docs/decisions/0015-podcast-tracks.md): each track's channel is handed over in the task it opened
 * in, and its blocks, the check and the writes to storage run here, none of them waiting for the page,
 * which in a call is never idle. The page hears each track's status for its card, and answers for the
 * claims of recording ids, which it keeps for every channel, received here or on the page.
 */
import { expose, releaseProxy, wrap } from 'comlink';
import { writeReceivedTracksHere } from '../../../media';
import { TrackReceiver, type TrackStatus } from './track-receiver';

// Its writes run on this thread: it is off the page already.
writeReceivedTracksHere();

/** What the page hears of, and is asked, for one channel received here (each call a message, answered later). */
export interface ReceivingEvents {
  status(status: TrackStatus): void;
  claim(recordingId: string, participantId: string): boolean | Promise<boolean>;
  released(recordingId: string): void;
  /** The channel is over: nothing more comes for it. */
  closed(): void;
}

/** A channel handed over (transferred with this message), who it comes from, and the port its events go through. */
export interface ChannelToReceive {
  channel: RTCDataChannel;
  /** The page's name for it, to close it by. */
  key: number;
  events: MessagePort;
  roomId: string;
  participantId: string;
  participantName: string;
}

const receivers = new Map<number, TrackReceiver>();

function receive({ channel, key, events: port, roomId, participantId, participantName }: ChannelToReceive): void {
  const events = wrap<ReceivingEvents>(port);
  /** The port is let go once the channel is over: a check still under way then says nothing more. */
  let over = false;
  const receiver = new TrackReceiver(channel, {
    roomId,
    participantId,
    participantName,
    onStatus: (status) => {
      if (!over) void events.status(status);
    },
    claim: (recordingId, by) => !over && events.claim(recordingId, by),
    released: (recordingId) => {
      if (!over) void events.released(recordingId);
    },
  });
  receivers.set(key, receiver);
  // After the receiver's own close handler, so its last words go first.
  channel.addEventListener('close', () => {
    if (receivers.get(key) === receiver) receivers.delete(key);
    if (over) return;
    over = true;
    void events.closed().finally(() => {
      events[releaseProxy]();
    });
  });
}

const api = {
  /** Channels come through `port` from now on; answers once the worker has loaded. */
  listen(port: MessagePort): boolean {
    port.onmessage = ({ data }: MessageEvent<ChannelToReceive>) => {
      receive(data);
    };
    return true;
  },
  close(key: number): void {
    receivers.get(key)?.close();
    receivers.delete(key);
  },
};

export type ReceivingWorkerApi = typeof api;

expose(api);
