/**
 * Where the host's writes of received tracks run: in a worker of their own, started at the first one
 * and kept for the page's life (storage/received-track-writes.ts says why). Where there are no workers
 * (a test runner), or the worker cannot load (its file missing from an outdated offline cache), they
 * run on the page as before: slower on a busy page, but every block is still written.
 */
import { wrap, type Remote } from 'comlink';
import type { ReceivedTracksWorkerApi } from '../worker/received-tracks.worker';
import { ReceivedTrackWrites, type FinishedTrack, type ReceivedBlock } from '../storage/received-track-writes';
import { openReceivedTrackRow, type ReceivedTrackRow } from '../storage/received-track';
import type { RecordingRow } from '../storage/recordings-db';
import { firstAnswer } from './worker-start';
import { reportError } from '../../shared/report-error';

type Writes = Pick<ReceivedTrackWrites, 'clear' | 'put' | 'note' | 'finish' | 'noteStart'>;

/** How long the worker may take to load before the page writes instead. */
const START_WAIT_MS = 10_000;

let writes: Promise<Writes> | null = null;

function receivedTrackWrites(): Promise<Writes> {
  writes ??= start();
  return writes;
}

/**
 * The writes run on this thread from here on: for the worker the host receives tracks in, which is
 * itself off the page (docs/decisions/0015-podcast-tracks.md), and would otherwise start a worker of
 * its own for them.
 */
export function writeReceivedTracksHere(): void {
  writes = Promise.resolve(new ReceivedTrackWrites());
}

async function start(): Promise<Writes> {
  if (typeof Worker === 'undefined') return new ReceivedTrackWrites();
  let worker: Worker | null = null;
  let api: Remote<ReceivedTracksWorkerApi>;
  try {
    worker = new Worker(new URL('../worker/received-tracks.worker.ts', import.meta.url), { type: 'module', name: 'received-tracks' });
    api = wrap<ReceivedTracksWorkerApi>(worker);
    // A worker that neither loads nor fails (a stalled fetch of its script) must not hold the track.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const silent = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`no answer in ${String(START_WAIT_MS / 1000)} s`));
      }, START_WAIT_MS);
    });
    try {
      await Promise.race([firstAnswer(worker, api.ready(), 'the worker that stores received tracks did not load'), silent]);
    } finally {
      clearTimeout(timer);
    }
  } catch (error: unknown) {
    worker?.terminate();
    reportError('podcast track: store received tracks on the page instead', error);
    return new ReceivedTrackWrites();
  }
  return {
    clear: (id) => void api.clear(id),
    put: (id, blocks) => api.put(id, [...blocks]),
    note: (id, size, durationMs) => api.note(id, size, durationMs),
    finish: (id, track, blockBytes, blocks) => api.finish(id, track, blockBytes, [...blocks]),
    noteStart: (id, startedAt) => api.noteStart(id, startedAt),
  };
}

/**
 * The row for a track being received, made or found again (storage/received-track.ts); the track's
 * writes are taken again from here on.
 */
export async function openReceivedTrack(track: ReceivedTrackRow): Promise<RecordingRow> {
  (await receivedTrackWrites()).clear(track.id);
  return openReceivedTrackRow(track);
}

/** Stores blocks of a track at their byte positions (a block sent again replaces the old one). */
export async function putReceivedBlocks(id: string, blocks: readonly ReceivedBlock[]): Promise<void> {
  return (await receivedTrackWrites()).put(id, blocks);
}

/** Notes how much of a track has arrived (a finished row is left as it is). */
export async function noteReceived(id: string, size: number, durationMs: number): Promise<void> {
  return (await receivedTrackWrites()).note(id, size, durationMs);
}

/** The track is whole and checked: its last blocks are stored and its row is done, after its writes under way. */
export async function finishReceivedTrack(id: string, track: FinishedTrack, blockBytes: number, blocks: readonly ReceivedBlock[] = []): Promise<void> {
  return (await receivedTrackWrites()).finish(id, track, blockBytes, blocks);
}

/** A finished track's start, lined up again after its row was written. */
export async function noteReceivedStart(id: string, startedAt: number): Promise<void> {
  return (await receivedTrackWrites()).noteStart(id, startedAt);
}
