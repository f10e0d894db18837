/**
 * Where the host receives participants' tracks when the browser lets a data channel move to a worker
 * (docs/decisions/0015-podcast-tracks.md): each track's channel is handed over in the task it opened
 * in, and its blocks, the check and the writes to storage run here, none of them waiting for the page,
 * which in a call is never idle. The page hears each track's status for its card, and answers for the
 * claims of recording ids, which it keeps for every channel, received here or on the page.
 */
import { expose } from 'comlink';
import { writeReceivedTracksHere } from '../../../media';
import { TrackReceiver, type TrackStatus } from './track-receiver';

// Its writes run on this thread: it is off the page already.
writeReceivedTracksHere();

/** What the page hears of, and is asked, for one channel received here (each call a message, answered later). */
export interface ReceivingEvents {
  status(status: TrackStatus): void;
  claim(recordingId: string, participantId: string): boolean | Promise<boolean>;
  released(recordingId: string): void;
}

/** A channel handed over (transferred with this message), and who it comes from. */
export interface ChannelToReceive {
  channel: RTCDataChannel;
  /** The page's name for it, to close it by. */
  key: number;
  roomId: string;
  participantId: string;
  participantName: string;
}

const receivers = new Map<number, TrackReceiver>();

const api = {
  /** Answers once the worker has loaded: only then are channels handed to it. */
  ready(): boolean {
    return true;
  },
  receive({ channel, key, roomId, participantId, participantName }: ChannelToReceive, events: ReceivingEvents): void {
    const receiver = new TrackReceiver(channel, {
      roomId,
      participantId,
      participantName,
      onStatus: (status) => {
        events.status(status);
      },
      claim: (recordingId, by) => events.claim(recordingId, by),
      released: (recordingId) => {
        events.released(recordingId);
      },
    });
    receivers.set(key, receiver);
    channel.addEventListener('close', () => {
      if (receivers.get(key) === receiver) receivers.delete(key);
    });
  },
  close(key: number): void {
    receivers.get(key)?.close();
    receivers.delete(key);
  },
};

export type ReceivingWorkerApi = typeof api;

expose(api);
