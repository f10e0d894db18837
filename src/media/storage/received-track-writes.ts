/**
 * The writes of the tracks a host receives (docs/decisions/0015-podcast-tracks.md): their blocks, the
 * notes of how much has arrived, their finished rows and their starts. On the page these run in a
 * worker of their own (client/received-track-writer.ts): every request of a transaction is answered as
 * a task of the thread that made it, and a host page in a call is never idle, so a transaction made
 * there held the tracks' other writes while the page was busy elsewhere.
 */
import { openRecordingsDb, patchRecording, writeRecordings, type ChunkRow, type RecordingRow, type RecordingWrite } from './recordings-db';
import { WriteBatches } from './write-batches';

/** A block of a track as it arrived: its bytes at their position in the file. */
export interface ReceivedBlock {
  position: number;
  bytes: Uint8Array<ArrayBuffer>;
}

/** What the finished row of a track says: the participant's file, and its start lined up again if known. */
export type FinishedTrack = Pick<RecordingRow, 'size' | 'durationMs' | 'mimeType'> & Partial<Pick<RecordingRow, 'startedAt'>>;

export class ReceivedTrackWrites {
  /**
   * Every track is written through one queue: what arrives for any track while transactions are under
   * way goes together in the next, so the host's tracks do not queue their transactions behind one
   * another's. A track's finishing write waits for its own writes under way and for another finishing
   * write under way, and a failed write fails the track's later writes, until it is opened again.
   */
  private readonly batches = new WriteBatches<RecordingWrite>(
    (writes, begun) => writeRecordings(writes, begun),
    3,
    // Writes that patch a row read it first: those that come while one is under way go together.
    (write) => write.patch !== undefined,
  );

  /** Writes of the track are taken again (a new transfer of it). */
  clear(id: string): void {
    this.batches.clear(id);
  }

  /** Stores blocks of a track at their byte positions (a block sent again replaces the old one). */
  put(id: string, blocks: readonly ReceivedBlock[]): Promise<void> {
    return this.batches.add({ id, chunks: chunksOf(id, blocks) });
  }

  /**
   * Notes how much has arrived, so the library shows the row growing and knows it is alive; a row
   * already finished is left as it is, so the finishing write need not wait for a note on its way. Not
   * through the queue: a write of the rows waits for every other one that holds them (the recorders'),
   * and the blocks' writes would wait with it.
   */
  async note(id: string, size: number, durationMs: number): Promise<void> {
    const db = await openRecordingsDb();
    const tx = db.transaction('recordings', 'readwrite');
    const row = await tx.store.get(id);
    if (row && row.state !== 'done') await tx.store.put({ ...row, size, durationMs, updatedAt: Date.now() });
    await tx.done;
  }

  /**
   * The whole file is here and checked: its last `blocks` (checked, not yet stored) are stored, chunks
   * that are not its blocks go (past its end: a hostile or confused sender's; between block starts: a
   * repair's, made while the track was incomplete), and the row is done, typed as the participant's
   * file, with `more` (its start, lined up again) in it. After every write of the track already under
   * way: the row says done only once they are written.
   */
  finish(id: string, { size, durationMs, mimeType, ...more }: FinishedTrack, blockBytes: number, blocks: readonly ReceivedBlock[]): Promise<void> {
    return this.batches.add(
      {
        id,
        patch: { ...more, size, durationMs, mimeType, error: undefined, state: 'done' },
        freeReserve: true,
        chunks: chunksOf(id, blocks),
        stray: (position) => position >= size || position % blockBytes !== 0,
      },
      { afterEarlier: true },
    );
  }

  /** A finished track's start, lined up again after its row was written. */
  noteStart(id: string, startedAt: number): Promise<void> {
    return patchRecording(id, { startedAt });
  }
}

const chunksOf = (id: string, blocks: readonly ReceivedBlock[]): ChunkRow[] => blocks.map(({ position, bytes }) => ({ recordingId: id, position, bytes: new Blob([bytes]) }));
