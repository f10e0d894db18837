import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

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
  mimeType: string;
  width: number;
  height: number;
  error?: string;
}

/** A contiguous byte range of a recording's file, stored as a Blob so browsers keep it on disk. */
export interface ChunkRow {
  recordingId: string;
  position: number;
  bytes: Blob;
}

interface RecordingsSchema extends DBSchema {
  recordings: { key: string; value: RecordingRow; indexes: { byCreatedAt: number } };
  chunks: { key: [string, number]; value: ChunkRow };
}

export const DB_NAME = 'framecast';
export const DB_VERSION = 1;

export type RecordingsDb = IDBPDatabase<RecordingsSchema>;

let opening: Promise<RecordingsDb> | null = null;

export function openRecordingsDb(): Promise<RecordingsDb> {
  opening ??= openDB<RecordingsSchema>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      // Each block migrates one version forward; never edit a released block, add a new one.
      if (oldVersion < 1) {
        const recordings = db.createObjectStore('recordings', { keyPath: 'id' });
        recordings.createIndex('byCreatedAt', 'createdAt');
        db.createObjectStore('chunks', { keyPath: ['recordingId', 'position'] });
      }
    },
    blocking() {
      // A newer version was opened in another tab: let it upgrade instead of hanging it.
      void opening?.then((db) => {
        db.close();
      });
      opening = null;
    },
  });
  return opening;
}

const chunkRange = (recordingId: string) => IDBKeyRange.bound([recordingId, 0], [recordingId, Infinity]);

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
  const db = await openRecordingsDb();
  await db.put('chunks', chunk);
}

export async function getChunkAt(recordingId: string, position: number): Promise<ChunkRow | undefined> {
  const db = await openRecordingsDb();
  return db.get('chunks', [recordingId, position]);
}

/** Chunks in file order (the compound key sorts by position). */
export async function listChunks(recordingId: string): Promise<ChunkRow[]> {
  const db = await openRecordingsDb();
  return db.getAll('chunks', chunkRange(recordingId));
}

/** The stored file as one Blob; the parts stay disk-backed, so this does not load it into memory. */
export async function readRecordingFile(recordingId: string, mimeType = 'video/webm'): Promise<Blob> {
  const chunks = await listChunks(recordingId);
  return new Blob(
    chunks.map((c) => c.bytes),
    { type: mimeType },
  );
}

export async function deleteRecording(id: string): Promise<void> {
  const db = await openRecordingsDb();
  const tx = db.transaction(['recordings', 'chunks'], 'readwrite');
  await Promise.all([tx.objectStore('recordings').delete(id), tx.objectStore('chunks').delete(chunkRange(id)), tx.done]);
}

/** Swaps a recording's stored bytes for a finished file and updates its row, atomically. */
export async function replaceRecordingFile(id: string, file: Blob, patch: Partial<Omit<RecordingRow, 'id'>>): Promise<void> {
  const db = await openRecordingsDb();
  const tx = db.transaction(['recordings', 'chunks'], 'readwrite');
  const chunks = tx.objectStore('chunks');
  const recordings = tx.objectStore('recordings');
  await chunks.delete(chunkRange(id));
  await chunks.put({ recordingId: id, position: 0, bytes: file });
  const row = await recordings.get(id);
  if (row) await recordings.put({ ...row, ...patch, size: file.size, updatedAt: Date.now() });
  await tx.done;
}
