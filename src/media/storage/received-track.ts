/**
 * A participant's recording as the host receives it, block by block, over the room's data channel
 * (docs/decisions/0015-podcast-tracks.md). It is an ordinary recording row whose chunks are the
 * blocks at their byte positions, so the library lists, plays and recovers it like any other, and
 * a host that crashes mid-transfer keeps every block already written.
 */
import { chunkRange, getRecording, listChunks, markRecordingDone, openRecordingsDb, patchRecording, putChunk, putRecording, type ChunkRow, type RecordingRow } from './recordings-db';

export type ReceivedTrackRow = Pick<RecordingRow, 'id' | 'name' | 'createdAt' | 'width' | 'height'>;

/** The row for a track being received: made on the first transfer, found again when one resumes. */
export async function openReceivedTrack(track: ReceivedTrackRow): Promise<RecordingRow> {
  const existing = await getRecording(track.id);
  if (existing) return existing;
  const row: RecordingRow = { ...track, mode: 'room-separate', state: 'recording', updatedAt: Date.now(), durationMs: 0, size: 0, mimeType: 'video/webm' };
  await putRecording(row);
  return row;
}

/** Stores one block of the track at its byte position (a block sent again replaces the old one). */
export async function putReceivedBlock(id: string, position: number, bytes: Uint8Array<ArrayBuffer>): Promise<void> {
  await putChunk({ recordingId: id, position, bytes: new Blob([bytes]) });
}

/** Notes how much has arrived, so the library shows the row growing and knows it is alive. */
export function noteReceived(id: string, size: number, durationMs: number): Promise<void> {
  return patchRecording(id, { size, durationMs });
}

/**
 * The whole file is here and checked: blocks past its end (a longer earlier version of its last
 * block cannot exist, but a hostile or confused sender's extra blocks can) go, and the row is done.
 */
export async function finishReceivedTrack(id: string, size: number, durationMs: number): Promise<void> {
  const db = await openRecordingsDb();
  await db.delete('chunks', IDBKeyRange.bound([id, size], [id, Infinity]));
  await markRecordingDone(id, { size, durationMs, error: undefined });
}

/** How many whole blocks of `blockBytes` the host holds from the start of the file, none missing. */
export async function heldBlockCount(id: string, blockBytes: number): Promise<number> {
  const db = await openRecordingsDb();
  const keys = await db.getAllKeys('chunks', chunkRange(id));
  let count = 0;
  for (const [, position] of keys) {
    if (position !== count * blockBytes) break;
    count += 1;
  }
  return count;
}

/** The blocks held, in file order, as disk-backed Blobs. */
export function receivedBlocks(id: string): Promise<ChunkRow[]> {
  return listChunks(id);
}
