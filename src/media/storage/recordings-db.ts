import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { DB_NAME } from './db-name';
import { editChunk, planChunkEdits, type FileEdit } from './file-edit';
import { DbConnection } from './db-connection';
import { reportStorageStatus } from './storage-status';

/**
 * The one module that owns the IndexedDB schema. Both the page and the recorder worker open
 * the database through here, so the schema, its version and its migrations live in one place.
 */

export type RecordingMode = 'screen-only' | 'webcam-only' | 'screen-webcam';
/** Room recordings (src/features/room): the mixed file, one participant's file, or the host's own streams. */
export type RoomRecordingKind = 'room-mixed' | 'room-separate' | 'room-local-only';
/** What a stored row records: a studio mode or a room recording. */
export type StoredRecordingMode = RecordingMode | RoomRecordingKind;
export type RecordingRowState = 'recording' | 'paused' | 'finalizing' | 'done';

/**
 * One recording of one room: the room's id and the instant its recording started as the room
 * announced it (`recording-started`'s `startedAt`, the room authority's clock). Every participant
 * hears the same value, so the files of one Separate recording carry the same pair on every computer
 * (docs/decisions/0015-podcast-tracks.md).
 */
export interface RoomRecordingSession {
  roomId: string;
  startedAt: number;
}

export interface RecordingRow {
  id: string;
  name: string;
  mode: StoredRecordingMode;
  state: RecordingRowState;
  createdAt: number;
  updatedAt: number;
  /** Active (unpaused) media time written so far, in milliseconds. */
  durationMs: number;
  /** Bytes persisted so far (the file's length once done). */
  size: number;
  /**
   * While recording: bytes from the start that the recorder will not write again before it finishes
   * the file (then it writes the header); absent when not known, as with MediaRecorder's appends. A
   * track sent to a room's host while it records is sent up to here (docs/decisions/0015-podcast-tracks.md).
   */
  settledSize?: number;
  /**
   * Once done by the recorder (and only then): byte ranges [start, end) it wrote again after they had
   * settled (`ChunkWriter.reopened`); absent when not known (a MediaRecorder WebM is rewritten whole at
   * Stop, a repaired file is edited in place). A room's participant reads back only these, and the blocks
   * it had not sent, to check the finished file (docs/decisions/0015-podcast-tracks.md).
   */
  reopenedRanges?: [number, number][];
  mimeType: string;
  width: number;
  height: number;
  error?: string;
  /**
   * The file's first instant, in milliseconds since the epoch on this computer's clock: a room
   * recording's own files, and a participant's track converted to this clock when it arrived, so the
   * room's tracks can be lined up (docs/decisions/0015-podcast-tracks.md).
   */
  startedAt?: number;
  /**
   * The room recording this file belongs to, on every `room-separate` file: the host's own, each
   * participant's own and the host's received copies, so the library shows one recording's tracks
   * together. Absent on files made before it was kept, on copies made from a file (an MP4 export, a
   * trimmed copy) and on tracks from participants whose app did not say it.
   */
  roomSession?: RoomRecordingSession;
  /**
   * Key of the chunks that hold the file, when it is not the id: a rewrite (the copy that makes a
   * MediaRecorder file seekable) stores its output under a key of its own and switches to it in one
   * transaction, so the stored original stays whole until the rewritten file is complete.
   */
  fileKey?: string;
}

/** A contiguous byte range of a recording's file, as the app reads it. */
export interface ChunkRow {
  recordingId: string;
  position: number;
  bytes: Blob;
}

/**
 * A chunk as IndexedDB holds it: a Blob, so browsers keep it on disk, except where the browser
 * refuses Blob values (WebKit's private and automation sessions, docs/browsers.md) and the bytes are
 * stored as an ArrayBuffer instead. Reads turn either back into a Blob (`asChunkRow`).
 */
interface StoredChunkRow {
  recordingId: string;
  position: number;
  bytes: Blob | ArrayBuffer;
}

interface RecordingsSchema extends DBSchema {
  recordings: { key: string; value: RecordingRow; indexes: { byCreatedAt: number } };
  chunks: { key: [string, number]; value: StoredChunkRow };
}

export { DB_NAME };
export const DB_VERSION = 1;

export type RecordingsDb = IDBPDatabase<RecordingsSchema>;

const connection = new DbConnection<RecordingsDb>((handlers) =>
  openDB<RecordingsSchema>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      // Each block migrates one version forward; never edit a released block, add a new one.
      if (oldVersion < 1) {
        const recordings = db.createObjectStore('recordings', { keyPath: 'id' });
        recordings.createIndex('byCreatedAt', 'createdAt');
        db.createObjectStore('chunks', { keyPath: ['recordingId', 'position'] });
      }
    },
    blocked: () => {
      handlers.blocked();
    },
    blocking: (_current, newVersion) => {
      handlers.blocking(newVersion);
    },
    terminated: () => {
      handlers.terminated();
    },
  }),
);

export function openRecordingsDb(): Promise<RecordingsDb> {
  return connection.get();
}

/** A stored chunk as the app reads it: its bytes as a Blob whichever way they were stored. */
export function asChunkRow(stored: StoredChunkRow): ChunkRow;
export function asChunkRow(stored: StoredChunkRow | undefined): ChunkRow | undefined;
export function asChunkRow(stored: StoredChunkRow | undefined): ChunkRow | undefined {
  if (!stored || stored.bytes instanceof Blob) return stored as ChunkRow | undefined;
  return { ...stored, bytes: new Blob([stored.bytes]) };
}

const PROBE_KEY = '~blob-probe';
let blobValues: Promise<boolean> | undefined;

/**
 * Whether this browser stores Blob values in IndexedDB, asked once per context with a write that is
 * rolled back: WebKit's ephemeral sessions fail it ("Error preparing Blob/File data to be stored").
 */
function storesBlobs(): Promise<boolean> {
  blobValues ??= (async () => {
    const db = await openRecordingsDb();
    const tx = db.transaction('chunks', 'readwrite');
    tx.done.catch(() => undefined); // aborted either way: nothing of the probe is kept
    try {
      await tx.store.put({ recordingId: PROBE_KEY, position: 0, bytes: new Blob([new Uint8Array(1)]) });
      tx.abort();
      return true;
    } catch {
      return false;
    }
  })();
  // A probe that could not run (the database failed to open) is asked again by the next write.
  blobValues.catch(() => {
    blobValues = undefined;
  });
  return blobValues;
}

/** A chunk in the form this browser can store. */
async function storable(chunk: ChunkRow): Promise<StoredChunkRow> {
  return (await storesBlobs()) ? chunk : { ...chunk, bytes: await chunk.bytes.arrayBuffer() };
}

/**
 * Keeps this context's connection open while it writes a recording: a newer version of the app in
 * another tab waits for it before upgrading the schema, instead of cutting the recording off.
 */
export function holdRecordingsDb(): () => void {
  return connection.hold();
}

// What the app shell shows about it (media/storage/storage-status).
connection.subscribe(() => {
  reportStorageStatus(connection.status);
});

/** The chunks under one key (a recording's file, or a rewrite being written): positions 0 and up. */
export const chunkRange = (key: string) => IDBKeyRange.bound([key, 0], [key, Infinity]);
/** Every chunk row under a key, a recording's emergency reserve included. */
const allChunksRange = (key: string) => IDBKeyRange.bound([key, -Infinity], [key, Infinity]);

/** Where a recording's rewrite is written until it replaces the file. */
export const rewriteKey = (recordingId: string): string => `${recordingId}~rewrite`;
/** The key of the chunks holding a recording's file. */
export const fileKeyOf = (row: Pick<RecordingRow, 'id' | 'fileKey'>): string => row.fileKey ?? row.id;

/**
 * A recording keeps this much storage booked while it records, in a chunk row outside its file
 * (position -1). When the disk fills up, freeing it is what lets the stored part be finalized.
 */
export const RESERVE_BYTES = 2 * 1024 * 1024;
const RESERVE_POSITION = -1;

export async function bookReserve(recordingId: string): Promise<void> {
  await putChunk({ recordingId, position: RESERVE_POSITION, bytes: new Blob([new Uint8Array(RESERVE_BYTES)]) });
}

export async function releaseReserve(recordingId: string): Promise<void> {
  const db = await openRecordingsDb();
  await db.delete('chunks', [recordingId, RESERVE_POSITION]);
}

export async function putRecording(row: RecordingRow): Promise<void> {
  const db = await openRecordingsDb();
  await db.put('recordings', row);
}

export async function getRecording(id: string): Promise<RecordingRow | undefined> {
  const db = await openRecordingsDb();
  return db.get('recordings', id);
}

export async function listRecordings(): Promise<RecordingRow[]> {
  const db = await openRecordingsDb();
  const rows = await db.getAllFromIndex('recordings', 'byCreatedAt');
  return rows.reverse();
}

export async function patchRecording(id: string, patch: Partial<Omit<RecordingRow, 'id'>>): Promise<void> {
  const db = await openRecordingsDb();
  const tx = db.transaction('recordings', 'readwrite');
  const row = await tx.store.get(id);
  if (row) await tx.store.put({ ...row, ...patch, updatedAt: Date.now() });
  await tx.done;
}

export async function putChunk(chunk: ChunkRow): Promise<void> {
  const stored = await storable(chunk);
  const db = await openRecordingsDb();
  await db.put('chunks', stored);
}

/** Stores several chunks in one transaction: each transaction's commit costs more than its chunks do. */
export async function putChunks(chunks: readonly ChunkRow[]): Promise<void> {
  const stored = await Promise.all(chunks.map((chunk) => storable(chunk)));
  const db = await openRecordingsDb();
  const tx = db.transaction('chunks', 'readwrite');
  await Promise.all([...stored.map((chunk) => tx.store.put(chunk)), tx.done]);
}

export async function getChunkAt(recordingId: string, position: number): Promise<ChunkRow | undefined> {
  const db = await openRecordingsDb();
  return asChunkRow(await db.get('chunks', [recordingId, position]));
}

/** A recording's file chunks in file order (the compound key sorts by position). */
export async function listChunks(recordingId: string): Promise<ChunkRow[]> {
  const db = await openRecordingsDb();
  const tx = db.transaction(['recordings', 'chunks']);
  // The row and its chunks in one transaction: a rewrite switching files meanwhile is seen whole or not at all.
  const row = await tx.objectStore('recordings').get(recordingId);
  const chunks = await tx.objectStore('chunks').getAll(chunkRange(row ? fileKeyOf(row) : recordingId));
  await tx.done;
  return chunks.map((chunk) => asChunkRow(chunk));
}

const joinBlobs = (chunks: readonly ChunkRow[], mimeType: string): Blob =>
  new Blob(
    chunks.map((c) => c.bytes),
    { type: mimeType },
  );

/**
 * The stored file from the chunk that holds byte `from` on (with `to`, up to the chunk that holds the
 * byte before it), with its row as it was in the same transaction: what a reader that already has the
 * start (a track being sent while it records) needs, without listing every chunk of a long recording
 * each time. `offset` is where `bytes` begins in the file, at or before `from`.
 */
export async function readRecordingFileFrom(recordingId: string, from: number, to = Infinity): Promise<{ row: RecordingRow | undefined; offset: number; bytes: Blob }> {
  const db = await openRecordingsDb();
  const tx = db.transaction(['recordings', 'chunks']);
  const row = await tx.objectStore('recordings').get(recordingId);
  const key = row ? fileKeyOf(row) : recordingId;
  const chunks = tx.objectStore('chunks');
  const holding = await chunks.openCursor(IDBKeyRange.bound([key, 0], [key, Math.max(0, from)]), 'prev');
  const offset = holding ? holding.value.position : 0;
  const rows = await chunks.getAll(IDBKeyRange.bound([key, offset], [key, Math.max(offset, to)], false, to > offset));
  await tx.done;
  return { row, offset, bytes: joinBlobs(rows.map((chunk) => asChunkRow(chunk)), row?.mimeType ?? 'video/webm') };
}

/** The stored file as one Blob; the parts stay disk-backed, so this does not load it into memory. */
export async function readRecordingFile(recordingId: string, mimeType = 'video/webm'): Promise<Blob> {
  return joinBlobs(await listChunks(recordingId), mimeType);
}

/** What a rewrite has written so far, as one disk-backed Blob. */
export async function readRewrite(recordingId: string, mimeType = 'video/webm'): Promise<Blob> {
  const db = await openRecordingsDb();
  const chunks = await db.getAll('chunks', chunkRange(rewriteKey(recordingId)));
  return joinBlobs(
    chunks.map((chunk) => asChunkRow(chunk)),
    mimeType,
  );
}

/** Deletes every chunk stored under `key`: a file written without a row yet (an export under way). */
export async function deleteFileChunks(key: string): Promise<void> {
  const db = await openRecordingsDb();
  await db.delete('chunks', allChunksRange(key));
}

/** Deletes an unfinished rewrite (before one starts, and after one fails). */
export async function clearRewrite(recordingId: string): Promise<void> {
  const db = await openRecordingsDb();
  const tx = db.transaction(['recordings', 'chunks'], 'readwrite');
  const row = await tx.objectStore('recordings').get(recordingId);
  // Once committed, the rewrite is the recording's file: never cleared as a leftover.
  if (!row || fileKeyOf(row) !== rewriteKey(recordingId)) await tx.objectStore('chunks').delete(allChunksRange(rewriteKey(recordingId)));
  await tx.done;
}

/**
 * Makes a completed rewrite the recording's file, in one transaction: the row points at it, is
 * marked with `patch`, and the stored original goes (with the reserve). A crash before this leaves
 * the original as it was; after it, only the new file.
 */
export async function commitRewrite(id: string, size: number, patch: Partial<Omit<RecordingRow, 'id' | 'fileKey' | 'size'>>): Promise<void> {
  const db = await openRecordingsDb();
  const tx = db.transaction(['recordings', 'chunks'], 'readwrite');
  const recordings = tx.objectStore('recordings');
  const row = await recordings.get(id);
  if (!row) throw new Error('This recording no longer exists');
  const rewritten = rewriteKey(id);
  if (fileKeyOf(row) === rewritten) throw new Error('This recording was already rewritten');
  await tx.objectStore('chunks').delete(allChunksRange(fileKeyOf(row)));
  await recordings.put({ ...row, ...patch, fileKey: rewritten, size, updatedAt: Date.now() });
  await tx.done;
}

export async function deleteRecording(id: string): Promise<void> {
  const db = await openRecordingsDb();
  const tx = db.transaction(['recordings', 'chunks'], 'readwrite');
  const chunks = tx.objectStore('chunks');
  await Promise.all([tx.objectStore('recordings').delete(id), chunks.delete(allChunksRange(id)), chunks.delete(allChunksRange(rewriteKey(id))), tx.done]);
}

/** What a recording's finishing transaction does besides its row (a received track's, docs/decisions/0015-podcast-tracks.md). */
export interface FinishingWrites {
  /** The file's last chunks, stored with the row that says it is done. */
  chunks?: readonly ChunkRow[];
  /** Chunks at positions this says are not the file's are deleted. */
  stray?: (position: number) => boolean;
}

/**
 * Marks a recording finished and lets its booked reserve go in one transaction, so no crash can
 * leave a finished recording with a hidden reserve behind; `writes` go in the same transaction.
 */
export function markRecordingDone(id: string, patch: Partial<Omit<RecordingRow, 'id' | 'state'>>, writes: FinishingWrites = {}): Promise<void> {
  return writeRecordings([{ id, patch: { ...patch, state: 'done' }, freeReserve: true, ...writes }]);
}

/**
 * Marks a recording as being finished and lets its reserve go, in one transaction: the file's last
 * writes, which the reserve's room is for on a full disk, begin after it has (`begun`), so the browser
 * runs them after it.
 */
export function markRecordingFinalizing(id: string, begun?: () => void): Promise<void> {
  return writeRecordings([{ id, patch: { state: 'finalizing' }, freeReserve: true }], begun);
}

/** One recording's part of a transaction that may write several: its chunks and, if given, its row. */
export interface RecordingWrite extends FinishingWrites {
  id: string;
  /** Patched into the row; a row deleted meanwhile is not made again, and then gets no chunks either. */
  patch?: Partial<Omit<RecordingRow, 'id'>>;
  /** The recording's booked reserve goes. */
  freeReserve?: boolean;
}

/**
 * Every write given, in one transaction, in the order given (a later chunk at a position replaces an
 * earlier one, a later patch of a row adds to an earlier one; a recording's `stray` rule holds for all
 * its chunks). `begun` is called as soon as the transaction exists. Rows are part of it only when a write
 * patches one, so chunk-only writes never wait for a transaction that holds the rows.
 */
export async function writeRecordings(writes: readonly RecordingWrite[], begun?: () => void): Promise<void> {
  const byId = new Map<string, { chunks: ChunkRow[]; patch?: Partial<Omit<RecordingRow, 'id'>>; stray?: (position: number) => boolean; freeReserve: boolean }>();
  for (const { id, chunks = [], patch, stray, freeReserve = false } of writes) {
    const into = byId.get(id) ?? { chunks: [], freeReserve: false };
    into.chunks.push(...chunks);
    if (patch) into.patch = { ...into.patch, ...patch };
    into.stray = stray ?? into.stray;
    into.freeReserve ||= freeReserve;
    byId.set(id, into);
  }
  const entries = [...byId].map(([id, write]) => ({ id, ...write }));
  const stored = await Promise.all(entries.map(({ chunks }) => Promise.all(chunks.map((chunk) => storable(chunk)))));
  const db = await openRecordingsDb();
  if (entries.every(({ patch }) => patch === undefined)) {
    const tx = db.transaction('chunks', 'readwrite');
    begun?.();
    await allOrNothing(tx, async () => {
      await Promise.all(stored.flat().map((chunk) => tx.store.put(chunk)));
    });
    return;
  }
  const tx = db.transaction(['recordings', 'chunks'], 'readwrite');
  begun?.();
  const recordings = tx.objectStore('recordings');
  const chunks = tx.objectStore('chunks');
  await allOrNothing(tx, async () => {
    // Every request that needs no answer first is made at once: each answer waited for is a task on a
    // page that may be busy with a call, and the transaction's locks are held meanwhile.
    const [rows, keys] = await Promise.all([
      Promise.all(entries.map(({ id, patch }) => (patch ? recordings.get(id) : Promise.resolve(undefined)))),
      Promise.all(entries.map(({ id, stray }) => (stray ? chunks.getAllKeys(chunkRange(id)) : Promise.resolve([])))),
      ...entries.filter(({ freeReserve }) => freeReserve).map(({ id }) => chunks.delete([id, RESERVE_POSITION])),
    ]);
    await Promise.all(
      entries.flatMap(({ patch, stray }, i) => {
        const row = rows[i];
        const strays = (keys[i] ?? []).filter(([, position]) => stray?.(position) === true).map((key) => chunks.delete(key));
        // A recording deleted meanwhile gets no chunks back.
        if (patch && !row) return strays;
        const kept = (stored[i] ?? []).filter(({ position }) => stray?.(position) !== true);
        return [...strays, ...kept.map((chunk) => chunks.put(chunk)), ...(row && patch ? [recordings.put({ ...row, ...patch, updatedAt: Date.now() })] : [])];
      }),
    );
  });
}

/**
 * Makes `requests` in `tx` and waits for it to commit; any failure, even one thrown before a request is
 * made, aborts it, so none of its writes land (a row marked done without its last chunks, say).
 */
async function allOrNothing(tx: { abort(): void; done: Promise<void> }, requests: () => Promise<void>): Promise<void> {
  try {
    await requests();
  } catch (error: unknown) {
    tx.done.catch(() => undefined); // the abort's own rejection: the failure is the one thrown
    try {
      tx.abort();
    } catch {
      // Already ended on its own (a request's error aborts it).
    }
    throw error;
  }
  await tx.done;
}

/**
 * Edits a recording's stored file in place (the in-place recovery of an interrupted recording)
 * and updates its row in the same transaction: either the whole edit lands or none of it, so an
 * interrupted edit can simply be run again. Only the chunks the edit reaches are read and written.
 */
export async function editRecordingFile(id: string, edit: FileEdit, patch: Partial<Omit<RecordingRow, 'id'>>): Promise<number> {
  const row = await getRecording(id);
  const key = row ? fileKeyOf(row) : id;
  const chunks = await listChunks(id);
  const plan = planChunkEdits(
    chunks.map((c) => ({ position: c.position, size: c.bytes.size })),
    edit,
  );
  // Blobs are read before the transaction opens: awaiting a read inside it would let it commit.
  const rewritten = await Promise.all(
    plan.rewrite.map(async (extent) => {
      const stored = chunks.find((c) => c.position === extent.position);
      const bytes = new Uint8Array(await (stored?.bytes ?? new Blob()).arrayBuffer());
      return storable({ recordingId: key, position: extent.position, bytes: new Blob([editChunk(extent, bytes, edit) as Uint8Array<ArrayBuffer>]) });
    }),
  );
  const tail = edit.tail.length > 0 ? await storable({ recordingId: key, position: edit.truncateAt, bytes: new Blob([edit.tail as Uint8Array<ArrayBuffer>]) }) : undefined;
  const size = edit.truncateAt + edit.tail.length;
  const db = await openRecordingsDb();
  const tx = db.transaction(['recordings', 'chunks'], 'readwrite');
  const store = tx.objectStore('chunks');
  const recordings = tx.objectStore('recordings');
  const writes: Promise<unknown>[] = [
    ...plan.remove.map((position) => store.delete([key, position])),
    ...rewritten.map((chunk) => store.put(chunk)),
  ];
  if (tail) writes.push(store.put(tail));
  writes.push(
    recordings.get(id).then((row) => {
      if (row) return recordings.put({ ...row, ...patch, size, updatedAt: Date.now() });
      return undefined;
    }),
  );
  await Promise.all([...writes, tx.done]);
  return size;
}

export interface SweepResult {
  /** Chunks no recording can use: its recording is gone (a Discard that raced a recovery in another tab), or a rewrite was left behind. */
  orphanChunks: number;
  /** Reserves still booked by finished recordings. */
  staleReserves: number;
}

/** Whether a chunk under `key` at `position` is still needed, given every recording row by id. */
function chunkNeeded(key: string, position: number, rows: ReadonlyMap<string, RecordingRow>): boolean | 'stale-reserve' {
  const owner = rows.get(key) ?? (key.endsWith(rewriteKey('')) ? rows.get(key.slice(0, -rewriteKey('').length)) : undefined);
  if (!owner) return false;
  if (key === fileKeyOf(owner)) return position === RESERVE_POSITION && owner.state === 'done' ? 'stale-reserve' : true;
  // Not its file: a rewrite still being written (the recording is not done yet), or one left behind.
  return key === rewriteKey(owner.id) && owner.state !== 'done';
}

/**
 * Deletes what no recording can use any more: chunks without a row, rewrites left behind, and
 * reserves of finished recordings. One transaction, so a recording that starts meanwhile (its row
 * is written before any chunk) is never mistaken for an orphan.
 */
export async function sweepStorage(): Promise<SweepResult> {
  const db = await openRecordingsDb();
  const tx = db.transaction(['recordings', 'chunks'], 'readwrite');
  const rows = new Map((await tx.objectStore('recordings').getAll()).map((row) => [row.id, row]));
  const chunks = tx.objectStore('chunks');
  const result: SweepResult = { orphanChunks: 0, staleReserves: 0 };
  const deletions: Promise<unknown>[] = [];
  for (const [key, position] of await chunks.getAllKeys()) {
    const needed = chunkNeeded(key, position, rows);
    if (needed === true) continue;
    if (needed === 'stale-reserve') result.staleReserves += 1;
    else result.orphanChunks += 1;
    deletions.push(chunks.delete([key, position]));
  }
  await Promise.all([...deletions, tx.done]);
  return result;
}
