import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { StoredRecording, type NewRecording } from '../../src/media/storage/stored-recording';
import { RESERVE_BYTES, getRecording, openRecordingsDb, readRecordingFile } from '../../src/media/storage/recordings-db';

let next = 0;
function newRecording(): NewRecording {
  next += 1;
  return { id: `stored-${String(next)}`, name: 'Screen Only recording', mode: 'screen-only', createdAt: next, mimeType: 'video/webm', width: 1280, height: 720 };
}

async function reserveOf(id: string): Promise<number | null> {
  const db = await openRecordingsDb();
  const row = await db.get('chunks', [id, -1]);
  if (!row) return null;
  return row.bytes instanceof Blob ? row.bytes.size : row.bytes.byteLength;
}

async function fileOf(id: string): Promise<number[]> {
  return [...new Uint8Array(await (await readRecordingFile(id)).arrayBuffer())];
}

describe('StoredRecording', () => {
  it('opens with a row that says recording and nothing stored, and the reserve booked', async () => {
    const fresh = newRecording();
    const stored = await StoredRecording.open(fresh);
    const row = await getRecording(fresh.id);
    expect(row).toMatchObject({ ...fresh, state: 'recording', durationMs: 0, size: 0 });
    expect(await reserveOf(fresh.id)).toBe(RESERVE_BYTES);
    stored.release();
  });

  it('persists what was written and notes its size with the progress given', async () => {
    const fresh = newRecording();
    const stored = await StoredRecording.open(fresh);
    stored.writer.write(0, new Uint8Array([1, 2, 3]));
    expect(stored.size).toBe(3);
    expect(stored.persistedSize).toBe(0);
    await stored.persist({ state: 'paused', durationMs: 1500 });
    expect(await getRecording(fresh.id)).toMatchObject({ state: 'paused', durationMs: 1500, size: 3 });
    expect(await fileOf(fresh.id)).toEqual([1, 2, 3]);
    await stored.note({ state: 'recording' });
    expect((await getRecording(fresh.id))?.state).toBe('recording');
    stored.release();
  });

  it('finishing frees the reserve, and done marks the file whole', async () => {
    const fresh = newRecording();
    const stored = await StoredRecording.open(fresh);
    stored.writer.write(0, new Uint8Array([9, 8, 7, 6]));
    await stored.persist();
    await stored.finishing();
    expect((await getRecording(fresh.id))?.state).toBe('finalizing');
    expect(await reserveOf(fresh.id)).toBeNull();
    await stored.done({ durationMs: 2000, size: 4 });
    expect(await getRecording(fresh.id)).toMatchObject({ state: 'done', durationMs: 2000, size: 4 });
    expect(await fileOf(fresh.id)).toEqual([9, 8, 7, 6]);
  });

  it('done stores what was not stored yet with the row marked done', async () => {
    const fresh = newRecording();
    const stored = await StoredRecording.open(fresh);
    stored.writer.write(0, new Uint8Array([1, 2, 3, 4]));
    await stored.persist();
    await stored.finishing();
    // The last cluster, and the header's finished fields written over bytes already stored.
    stored.writer.write(4, new Uint8Array([5, 6]));
    stored.writer.write(0, new Uint8Array([9]));
    await stored.done({ durationMs: 3000, size: stored.size });
    expect(await getRecording(fresh.id)).toMatchObject({ state: 'done', durationMs: 3000, size: 6, reopenedRanges: [[0, 1]] });
    expect(await fileOf(fresh.id)).toEqual([9, 2, 3, 4, 5, 6]);
    expect(await reserveOf(fresh.id)).toBeNull();
  });

  it('done on a recording still recording frees its reserve too', async () => {
    const fresh = newRecording();
    const stored = await StoredRecording.open(fresh);
    await stored.done({ durationMs: 10, size: 0 });
    expect(await reserveOf(fresh.id)).toBeNull();
  });

  it('abandon stores the bytes not yet flushed and keeps the reason in the row, for recovery', async () => {
    const fresh = newRecording();
    const stored = await StoredRecording.open(fresh);
    stored.writer.write(0, new Uint8Array([5, 5]));
    await stored.persist();
    stored.writer.write(2, new Uint8Array([6]));
    await stored.abandon('Recording failed due to an error');
    const row = await getRecording(fresh.id);
    expect(row).toMatchObject({ state: 'recording', error: 'Recording failed due to an error', size: 3 });
    expect(await fileOf(fresh.id)).toEqual([5, 5, 6]);
  });

  it('discard leaves no row and no chunks behind', async () => {
    const fresh = newRecording();
    const stored = await StoredRecording.open(fresh);
    stored.writer.write(0, new Uint8Array([1]));
    await stored.persist();
    await stored.discard();
    expect(await getRecording(fresh.id)).toBeUndefined();
    expect(await reserveOf(fresh.id)).toBeNull();
    expect((await readRecordingFile(fresh.id)).size).toBe(0);
  });

  it('a note still waiting when finishing begins leaves the row finishing', async () => {
    const fresh = newRecording();
    const stored = await StoredRecording.open(fresh);
    const first = stored.note({ state: 'recording', durationMs: 500 });
    const waiting = stored.note({ state: 'recording', durationMs: 1000 });
    await Promise.all([first, waiting, stored.finishing()]);
    expect((await getRecording(fresh.id))?.state).toBe('finalizing');
    await stored.done({ durationMs: 1000, size: 0 });
    expect((await getRecording(fresh.id))?.state).toBe('done');
  });
});
