/**
 * One recording's place in IndexedDB while it is being made, whoever makes it (the worker's
 * WebCodecs session or the page's MediaRecorder): its row, its emergency reserve, the chunk writer
 * that stores its bytes, and a hold on the database so an upgrade waiting in another tab cannot cut
 * it off. Opening books all of them; exactly one of done, abandon or discard gives them back.
 */
import { ChunkWriter, type ChunkWrite } from './chunk-writer';
import { chunkRowsOf, idbChunkStore } from './idb-chunk-store';
import { bookReserve, deleteRecording, holdRecordingsDb, markRecordingDone, markRecordingFinalizing, patchRecording, putRecording, type RecordingRow } from './recordings-db';
import { reportingAs } from '../../shared/report-error';

/** What a new recording's row says before any byte is stored. */
export type NewRecording = Pick<RecordingRow, 'id' | 'name' | 'mode' | 'createdAt' | 'mimeType' | 'width' | 'height'>;

type RowProgress = Partial<Pick<RecordingRow, 'state' | 'durationMs'>>;

export class StoredRecording {
  readonly writer: ChunkWriter;
  private released = false;
  /** The row patch under way, and the progress of calls made meanwhile, waiting to go in the next. */
  private noting: Promise<void> | null = null;
  private waitingNote: { progress: RowProgress; noted: Promise<void> } | null = null;
  /** Finishing, done or abandoned: progress notes no longer touch the row. */
  private rowClosed = false;

  private constructor(
    readonly id: string,
    private readonly releaseDb: () => void,
  ) {
    this.writer = new ChunkWriter(idbChunkStore(id));
  }

  /** Writes the row and books the reserve; a recording that cannot have both leaves nothing behind. */
  static async open(row: NewRecording): Promise<StoredRecording> {
    const stored = new StoredRecording(row.id, holdRecordingsDb());
    try {
      await putRecording({ ...row, state: 'recording', updatedAt: Date.now(), durationMs: 0, size: 0 });
      await bookReserve(row.id);
    } catch (error) {
      await stored.discard();
      throw error;
    }
    return stored;
  }

  /** Bytes written so far, stored or not yet. */
  get size(): number {
    return this.writer.size;
  }

  /** Bytes already in IndexedDB. */
  get persistedSize(): number {
    return this.writer.persistedSize;
  }

  /** Stores what was written and notes it in the row (with a new state or duration, if given). */
  async persist(progress: RowProgress = {}): Promise<void> {
    await this.writer.flush();
    await this.noteRow(progress);
  }

  /** Notes progress in the row without storing bytes: a pause, a resume, or a touch that says "alive". */
  note(progress: RowProgress = {}): Promise<void> {
    return this.noteRow(progress);
  }

  /**
   * One row patch at a time: calls made while one is under way share the next, which carries the latest
   * of their progress and the size at the time it goes. Recorders note every half second whatever the
   * storage is doing; on a machine whose storage fell behind, each call's own patch queued up, and a
   * hundred patches of one row stood ahead of every later write of the database for seconds
   * (docs/decisions/0015-podcast-tracks.md).
   */
  private noteRow(progress: RowProgress): Promise<void> {
    const waiting = this.waitingNote;
    if (waiting) {
      Object.assign(waiting.progress, progress);
      return waiting.noted;
    }
    const under = this.noting;
    if (!under) return this.patchRow(progress);
    const next = { progress: { ...progress }, noted: Promise.resolve() };
    next.noted = under
      .catch(() => undefined)
      .then(() => {
        this.waitingNote = null;
        return this.patchRow(next.progress);
      });
    this.waitingNote = next;
    return next.noted;
  }

  private patchRow(progress: RowProgress): Promise<void> {
    // Finishing (or giving up) writes the row itself: a note still waiting would undo its state.
    if (this.rowClosed) return Promise.resolve();
    const size = this.writer.persistedSize;
    // Read with `size`, in one patch: a reader takes every byte up to `size` as final when the row has
    // no mark, and up to the mark when it has (docs/decisions/0015-podcast-tracks.md).
    const settled = this.writer.storedSettled;
    const noted = patchRecording(this.id, { size, ...(settled === null ? {} : { settledSize: Math.min(settled, size) }), ...progress });
    this.noting = noted;
    void noted
      .catch(() => undefined)
      .finally(() => {
        if (this.noting === noted) this.noting = null;
      });
    return noted;
  }

  /**
   * Finishing begins: the row says so, and the reserve is freed, since finishing is what it was kept
   * for. `begun` is called once the transaction exists: writes begun after it run after it.
   */
  finishing(begun?: () => void): Promise<void> {
    this.rowClosed = true;
    return markRecordingFinalizing(this.id, begun);
  }

  /**
   * The file is whole, as the writer wrote it: what it has not stored yet (the last cluster, the
   * header's finished fields) is stored with the row marked done, in one transaction (its reserve goes
   * with it). On a loaded machine each transaction waited most of a second behind the others at Stop,
   * and a room's participant sends the finished file only once it is marked
   * (docs/decisions/0015-podcast-tracks.md). If that transaction fails, neither lands: the row stays as
   * it was, for recovery, as when the last chunks could not be stored.
   */
  async done(result: { durationMs: number; size: number }): Promise<void> {
    this.rowClosed = true;
    try {
      const last = { marked: false };
      const mark = (chunks: readonly ChunkWrite[]) => {
        last.marked = true;
        const reopenedRanges = this.writer.reopened.map(([start, end]): [number, number] => [start, end]);
        return markRecordingDone(this.id, { ...result, reopenedRanges }, { chunks: chunkRowsOf(this.id, chunks) });
      };
      await this.writer.flush(mark);
      if (!last.marked) await mark([]);
    } finally {
      this.release();
    }
  }

  /** Stops without finishing: the bytes that arrived are stored and the row says why, for recovery. */
  async abandon(reason: string): Promise<void> {
    this.rowClosed = true;
    await this.writer.flush().catch(reportingAs('recording: store the last chunks of an abandoned recording'));
    await patchRecording(this.id, { error: reason, size: this.writer.persistedSize }).catch(reportingAs('recording: mark an abandoned recording'));
    this.release();
  }

  /** A recording that never started: its row and chunks go. */
  async discard(): Promise<void> {
    await deleteRecording(this.id).catch(reportingAs('recording: delete the row of a recording that could not start'));
    this.release();
  }

  /** Lets the database go; the row stays as it is (a file finished elsewhere, or kept for recovery). */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.releaseDb();
  }
}
