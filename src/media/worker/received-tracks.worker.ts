/**
 * The host's writes of the tracks it receives, on a thread of their own: a page in a call answers each
 * IndexedDB request late, and holds every other write of the same stores meanwhile
 * (storage/received-track-writes.ts).
 */
import { expose } from 'comlink';
import { ReceivedTrackWrites, type FinishedTrack, type ReceivedBlock } from '../storage/received-track-writes';

const writes = new ReceivedTrackWrites();

const api = {
  /** Answers once the worker has loaded. */
  ready(): boolean {
    return true;
  },
  clear(id: string): void {
    writes.clear(id);
  },
  put(id: string, blocks: ReceivedBlock[]): Promise<void> {
    return writes.put(id, blocks);
  },
  note(id: string, size: number, durationMs: number): Promise<void> {
    return writes.note(id, size, durationMs);
  },
  finish(id: string, track: FinishedTrack, blockBytes: number, blocks: ReceivedBlock[]): Promise<void> {
    return writes.finish(id, track, blockBytes, blocks);
  },
  noteStart(id: string, startedAt: number): Promise<void> {
    return writes.noteStart(id, startedAt);
  },
};

export type ReceivedTracksWorkerApi = typeof api;

expose(api);
