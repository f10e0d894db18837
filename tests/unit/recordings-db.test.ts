import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  DB_VERSION,
  RESERVE_BYTES,
  bookReserve,
  releaseReserve,
  deleteRecording,
  editRecordingFile,
  getChunkAt,
  getRecording,
  listChunks,
  markRecordingDone,
  writeRecordings,
  markRecordingFinalizing,
  sweepStorage,
  listRecordings,
  openRecordingsDb,
  patchRecording,
  putChunk,
  putChunks,
  putRecording,
  readRecordingFile,
  readRecordingFileFrom,
  clearRewrite,
  commitRewrite,
  readRewrite,
  rewriteKey,
  type RecordingRow,
} from '../../src/media/storage/recordings-db';
import { repairRecording } from '../../src/media/storage/repair-recording';
import { joinChunks, recordSyntheticWebm } from './support/webm-fixture';

let next = 0;
function newRow(patch: Partial<RecordingRow> = {}): RecordingRow {
  next += 1;
  return {
    id: `rec-${String(next)}`,
    name: 'Webcam Only recording',
    mode: 'webcam-only',
    state: 'recording',
    createdAt: next,
    updatedAt: next,
    durationMs: 0,
    size: 0,
    mimeType: 'video/webm',
    width: 1280,
    height: 720,
    ...patch,
  };
}

const blob = (...values: number[]) => new Blob([Uint8Array.from(values)]);
const bytesOf = async (file: Blob) => [...new Uint8Array(await file.arrayBuffer())];

describe('the recordings store (IndexedDB)', () => {
  it('opens at the current schema version with both stores', async () => {
    const db = await openRecordingsDb();
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual(['chunks', 'recordings']);
  });

  it('lists recordings newest first and patches a row without losing its other fields', async () => {
    const older = newRow();
    const newer = newRow();
    await putRecording(older);
    await putRecording(newer);
    const ids = (await listRecordings()).map((r) => r.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    await patchRecording(older.id, { name: 'Lecture 3' });
    expect(await getRecording(older.id)).toMatchObject({ name: 'Lecture 3', mode: 'webcam-only', width: 1280 });
  });

  it('reads a file back as its chunks in position order, even when written out of order', async () => {
    const row = newRow();
    await putRecording(row);
    await putChunk({ recordingId: row.id, position: 3, bytes: blob(4, 5) });
    await putChunk({ recordingId: row.id, position: 0, bytes: blob(1, 2, 3) });
    expect(await bytesOf(await readRecordingFile(row.id))).toEqual([1, 2, 3, 4, 5]);
  });

  it('reads a file from the chunk that holds a given byte on, leaving out its reserve, and through a rewrite', async () => {
    const row = newRow();
    await putRecording(row);
    await putChunk({ recordingId: row.id, position: 0, bytes: blob(1, 2, 3) });
    await putChunk({ recordingId: row.id, position: 3, bytes: blob(4, 5) });
    await putChunk({ recordingId: row.id, position: 5, bytes: blob(6) });
    await bookReserve(row.id);
    const from = async (position: number) => {
      const { offset, bytes } = await readRecordingFileFrom(row.id, position);
      return [offset, await bytesOf(bytes)];
    };
    expect(await from(0)).toEqual([0, [1, 2, 3, 4, 5, 6]]);
    expect(await from(2)).toEqual([0, [1, 2, 3, 4, 5, 6]]);
    expect(await from(3)).toEqual([3, [4, 5, 6]]);
    expect(await from(4)).toEqual([3, [4, 5, 6]]);
    expect(await from(99)).toEqual([5, [6]]);
    // With an end, only the chunks that begin before it.
    const between = async (position: number, to: number) => {
      const { offset, bytes } = await readRecordingFileFrom(row.id, position, to);
      return [offset, await bytesOf(bytes)];
    };
    expect(await between(0, 3)).toEqual([0, [1, 2, 3]]);
    expect(await between(2, 4)).toEqual([0, [1, 2, 3, 4, 5]]);
    expect(await between(3, 5)).toEqual([3, [4, 5]]);
    // The row, read with the chunks: what it says of the file is what they hold.
    expect((await readRecordingFileFrom(row.id, 0)).row).toMatchObject({ id: row.id, state: 'recording' });
    await putChunk({ recordingId: rewriteKey(row.id), position: 0, bytes: blob(9, 9, 9, 9) });
    await commitRewrite(row.id, 4, { state: 'done' });
    expect(await from(3)).toEqual([0, [9, 9, 9, 9]]);
    expect(await readRecordingFileFrom('no-such-recording', 10)).toMatchObject({ offset: 0 });
  });

  it('stores several chunks in one transaction, read back in position order', async () => {
    const row = newRow();
    await putRecording(row);
    await putChunks([
      { recordingId: row.id, position: 4, bytes: blob(5, 6) },
      { recordingId: row.id, position: 0, bytes: blob(1, 2, 3, 4) },
    ]);
    expect(await bytesOf(await readRecordingFile(row.id))).toEqual([1, 2, 3, 4, 5, 6]);
    await putChunks([]);
    expect(await bytesOf(await readRecordingFile(row.id))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps each recording’s chunks apart', async () => {
    const a = newRow();
    const b = newRow();
    await putChunk({ recordingId: a.id, position: 0, bytes: blob(1) });
    await putChunk({ recordingId: b.id, position: 0, bytes: blob(2) });
    expect(await bytesOf(await readRecordingFile(a.id))).toEqual([1]);
  });

  it('deletes a recording together with all of its chunks', async () => {
    const row = newRow();
    const other = newRow();
    await putRecording(row);
    await putChunk({ recordingId: row.id, position: 0, bytes: blob(1) });
    await putChunk({ recordingId: row.id, position: 1, bytes: blob(2) });
    await putChunk({ recordingId: other.id, position: 0, bytes: blob(3) });
    await deleteRecording(row.id);
    expect(await getRecording(row.id)).toBeUndefined();
    expect(await listChunks(row.id)).toEqual([]);
    expect(await listChunks(other.id)).toHaveLength(1);
  });

  it('books an emergency reserve outside the file, and frees it on release or delete', async () => {
    const row = newRow();
    await putRecording(row);
    await putChunk({ recordingId: row.id, position: 0, bytes: blob(1, 2) });
    await bookReserve(row.id);
    expect((await readRecordingFile(row.id)).size).toBe(2);
    const db = await openRecordingsDb();
    expect((await getChunkAt(row.id, -1))?.bytes.size).toBe(RESERVE_BYTES);
    await releaseReserve(row.id);
    expect(await db.get('chunks', [row.id, -1])).toBeUndefined();
    await bookReserve(row.id);
    await deleteRecording(row.id);
    expect(await db.get('chunks', [row.id, -1])).toBeUndefined();
  });

  it('switches to a rewritten file in one step, dropping the original and its reserve, and reads and deletes through the switch', async () => {
    const row = newRow();
    await putRecording(row);
    await putChunk({ recordingId: row.id, position: 0, bytes: blob(1, 2) });
    await putChunk({ recordingId: row.id, position: 2, bytes: blob(3) });
    await bookReserve(row.id);
    await putChunk({ recordingId: rewriteKey(row.id), position: 0, bytes: blob(9, 9) });
    await putChunk({ recordingId: rewriteKey(row.id), position: 2, bytes: blob(8, 8) });
    // Until the switch, readers get the original.
    expect(await bytesOf(await readRecordingFile(row.id))).toEqual([1, 2, 3]);
    expect(await bytesOf(await readRewrite(row.id))).toEqual([9, 9, 8, 8]);
    await commitRewrite(row.id, 4, { state: 'done', durationMs: 500 });
    expect(await bytesOf(await readRecordingFile(row.id))).toEqual([9, 9, 8, 8]);
    expect(await getRecording(row.id)).toMatchObject({ state: 'done', size: 4, durationMs: 500, fileKey: rewriteKey(row.id) });
    const db = await openRecordingsDb();
    expect(await db.getAllKeys('chunks', IDBKeyRange.bound([row.id, -Infinity], [row.id, Infinity]))).toEqual([]);
    await expect(commitRewrite(row.id, 4, {})).rejects.toThrow('already rewritten');
    // The startup sweep knows the rewritten file is the recording's.
    await sweepStorage();
    expect(await bytesOf(await readRecordingFile(row.id))).toEqual([9, 9, 8, 8]);
    await deleteRecording(row.id);
    expect(await db.getAllKeys('chunks', IDBKeyRange.bound([rewriteKey(row.id), -Infinity], [rewriteKey(row.id), Infinity]))).toEqual([]);
  });

  it('clears a rewrite left unfinished, keeping the original', async () => {
    const row = newRow();
    await putRecording(row);
    await putChunk({ recordingId: row.id, position: 0, bytes: blob(1) });
    await putChunk({ recordingId: rewriteKey(row.id), position: 0, bytes: blob(9) });
    await clearRewrite(row.id);
    expect((await readRewrite(row.id)).size).toBe(0);
    expect(await bytesOf(await readRecordingFile(row.id))).toEqual([1]);
  });

  it('edits a file in place: cuts, patches across chunks, appends, and updates the row at once', async () => {
    const row = newRow();
    await putRecording(row);
    await putChunk({ recordingId: row.id, position: 0, bytes: blob(0, 1, 2, 3) });
    await putChunk({ recordingId: row.id, position: 4, bytes: blob(4, 5, 6, 7) });
    await putChunk({ recordingId: row.id, position: 8, bytes: blob(8, 9) });
    const size = await editRecordingFile(
      row.id,
      { truncateAt: 6, patches: [{ position: 3, bytes: Uint8Array.of(30, 40) }], tail: Uint8Array.of(60, 70) },
      { state: 'done', durationMs: 1234 },
    );
    expect(size).toBe(8);
    expect(await bytesOf(await readRecordingFile(row.id))).toEqual([0, 1, 2, 30, 40, 5, 60, 70]);
    expect(await getRecording(row.id)).toMatchObject({ state: 'done', durationMs: 1234, size: 8 });
  });

  it('repairs a crashed recording in place into a finished row, and a second repair changes nothing', async () => {
    const recorded = await recordSyntheticWebm(4);
    const crashed = recorded.persisted[5];
    if (!crashed) throw new Error('no crash point');
    const row = newRow({ size: joinChunks(crashed).length, durationMs: 3000 });
    await putRecording(row);
    for (const [position, bytes] of crashed) await putChunk({ recordingId: row.id, position, bytes: new Blob([bytes as Uint8Array<ArrayBuffer>]) });
    const progress: number[] = [];
    const result = await repairRecording(row.id, (fraction) => progress.push(fraction));
    expect(result.durationMs).toBeGreaterThan(2000);
    expect(progress.at(-1)).toBe(1);
    const stored = await getRecording(row.id);
    expect(stored).toMatchObject({ state: 'done', durationMs: result.durationMs, size: result.size });
    expect((await readRecordingFile(row.id)).size).toBe(result.size);
    const before = await bytesOf(await readRecordingFile(row.id));
    await repairRecording(row.id);
    expect(await bytesOf(await readRecordingFile(row.id))).toEqual(before);
  });

  it('marks a recording finalizing, then done, letting its reserve go with the first step', async () => {
    const row = newRow();
    await putRecording(row);
    await putChunk({ recordingId: row.id, position: 0, bytes: blob(1, 2, 3) });
    await bookReserve(row.id);
    const db = await openRecordingsDb();
    const keys = () => db.getAllKeys('chunks', IDBKeyRange.bound([row.id, -Infinity], [row.id, Infinity]));
    await markRecordingFinalizing(row.id);
    expect(await getRecording(row.id)).toMatchObject({ state: 'finalizing' });
    expect(await keys()).toEqual([[row.id, 0]]);
    await bookReserve(row.id);
    await markRecordingDone(row.id, { size: 3, durationMs: 1000 });
    expect(await getRecording(row.id)).toMatchObject({ state: 'done', size: 3, durationMs: 1000 });
    expect(await keys()).toEqual([[row.id, 0]]);
  });

  it('marks a recording done with its last chunks and without stray ones in one step; one deleted meanwhile gets no chunks back', async () => {
    const row = newRow();
    await putRecording(row);
    await putChunk({ recordingId: row.id, position: 0, bytes: blob(1, 2) });
    await putChunk({ recordingId: row.id, position: 9, bytes: blob(7) });
    await markRecordingDone(row.id, { size: 4 }, { chunks: [{ recordingId: row.id, position: 2, bytes: blob(3, 4) }], stray: (position) => position >= 4 });
    expect(await getRecording(row.id)).toMatchObject({ state: 'done', size: 4 });
    expect(await bytesOf(await readRecordingFile(row.id))).toEqual([1, 2, 3, 4]);
    const gone = newRow();
    await putRecording(gone);
    await deleteRecording(gone.id);
    await markRecordingDone(gone.id, { size: 2 }, { chunks: [{ recordingId: gone.id, position: 0, bytes: blob(5, 6) }] });
    expect(await getRecording(gone.id)).toBeUndefined();
    expect(await listChunks(gone.id)).toEqual([]);
  });

  it('writes several recordings in one transaction: chunks in order, patches added up, a deleted row left out', async () => {
    const [growing, finishing, gone] = [newRow(), newRow(), newRow()];
    await Promise.all([putRecording(growing), putRecording(finishing), putRecording(gone)]);
    await putChunk({ recordingId: finishing.id, position: 8, bytes: blob(9) });
    await deleteRecording(gone.id);
    const db = await openRecordingsDb();
    const transaction = db.transaction.bind(db);
    let transactions = 0;
    db.transaction = ((...args: Parameters<typeof transaction>) => {
      transactions += 1;
      return transaction(...args);
    }) as typeof transaction;
    try {
      await writeRecordings([
        { id: growing.id, chunks: [{ recordingId: growing.id, position: 0, bytes: blob(1) }] },
        { id: finishing.id, chunks: [{ recordingId: finishing.id, position: 0, bytes: blob(1, 2) }], patch: { size: 100 } },
        { id: gone.id, chunks: [{ recordingId: gone.id, position: 0, bytes: blob(5) }], patch: { size: 1 } },
        { id: growing.id, chunks: [{ recordingId: growing.id, position: 0, bytes: blob(3, 4) }] },
        { id: finishing.id, chunks: [{ recordingId: finishing.id, position: 2, bytes: blob(3) }], patch: { state: 'done', durationMs: 7 }, stray: (position) => position >= 3 },
      ]);
    } finally {
      db.transaction = transaction;
    }
    expect(transactions).toBe(1);
    expect(await bytesOf(await readRecordingFile(growing.id))).toEqual([3, 4]);
    expect(await bytesOf(await readRecordingFile(finishing.id))).toEqual([1, 2, 3]);
    expect(await getRecording(finishing.id)).toMatchObject({ state: 'done', size: 100, durationMs: 7 });
    expect(await getRecording(gone.id)).toBeUndefined();
    expect(await listChunks(gone.id)).toEqual([]);
  });

  it('the startup sweep removes orphan chunks and finished recordings’ reserves, and nothing a recording still needs', async () => {
    await sweepStorage(); // what earlier tests in this file left behind
    const live = newRow();
    const finished = newRow({ state: 'done', size: 3 });
    await putRecording(live);
    await putRecording(finished);
    for (const id of [live.id, finished.id, 'discarded-meanwhile']) {
      await putChunk({ recordingId: id, position: 0, bytes: blob(1, 2, 3) });
      await bookReserve(id);
    }
    // A rewrite in progress for the live recording is kept; one the finished recording left behind is not.
    await putChunk({ recordingId: rewriteKey(live.id), position: 0, bytes: blob(4) });
    await putChunk({ recordingId: rewriteKey(finished.id), position: 0, bytes: blob(5) });
    const before = await sweepStorage();
    expect(before).toEqual({ orphanChunks: 3, staleReserves: 1 });
    const db = await openRecordingsDb();
    const keys = await db.getAllKeys('chunks');
    expect(keys.filter(([id]) => id === 'discarded-meanwhile')).toEqual([]);
    expect(keys.filter(([id]) => id === finished.id || id === rewriteKey(finished.id))).toEqual([[finished.id, 0]]);
    expect(keys.filter(([id]) => id === rewriteKey(live.id))).toEqual([[rewriteKey(live.id), 0]]);
    expect(keys.filter(([id]) => id === live.id)).toEqual([
      [live.id, -1],
      [live.id, 0],
    ]);
    expect(await sweepStorage()).toEqual({ orphanChunks: 0, staleReserves: 0 });
  });
});
