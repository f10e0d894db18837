/**
 * A participant's recording as the host receives it, block by block, over the room's data channel
 * (docs/decisions/0015-podcast-tracks.md). It is an ordinary recording row whose chunks are the
 * blocks at their byte positions, so the library lists, plays and recovers it like any other, and
 * a host that crashes mid-transfer keeps every block already written.
 */
import { chunkRange, getRecording, listChunks, openRecordingsDb, putRecording, type ChunkRow, type RecordingRow } from './recordings-db';

/**
 * The host's row id for a participant's track: its own, so a participant's copy in this browser (tabs
 * of one profile) stays apart.
 */
export const receivedTrackId = (recordingId: string): string => `received-${recordingId}`;

export type ReceivedTrackRow = Pick<RecordingRow, 'id' | 'name' | 'createdAt' | 'width' | 'height' | 'roomSession'>;

/**
 * The row for a track being received: made on the first transfer, found again when one resumes. A
 * row the library recovered meanwhile is receiving again: a rewritten copy's chunks go (the blocks
 * are written under the row's id), and an in-place repair's extra chunk is dropped when it finishes.
 */
export async function openReceivedTrackRow(track: ReceivedTrackRow): Promise<RecordingRow> {
  const existing = await getRecording(track.id);
  if (existing) {
    if (existing.fileKey) {
      const db = await openRecordingsDb();
      await db.delete('chunks', chunkRange(existing.fileKey));
    }
    // A participant that resumes from an app that did not say the recording keeps what an earlier begin said.
    const receiving: RecordingRow = { ...existing, state: 'recording', fileKey: undefined, roomSession: track.roomSession ?? existing.roomSession, updatedAt: Date.now() };
    await putRecording(receiving);
    return receiving;
  }
  const row: RecordingRow = { ...track, mode: 'room-separate', state: 'recording', updatedAt: Date.now(), durationMs: 0, size: 0, mimeType: 'video/webm' };
  await putRecording(row);
  return row;
}

/** The byte positions of the chunks held, in file order (keys only: no bytes are read). */
export async function receivedPositions(id: string): Promise<number[]> {
  const db = await openRecordingsDb();
  return (await db.getAllKeys('chunks', chunkRange(id))).map(([, position]) => position);
}

/** How many whole blocks of `blockBytes` the host holds from the start of the file, none missing. */
export async function heldBlockCount(id: string, blockBytes: number): Promise<number> {
  let count = 0;
  for (const position of await receivedPositions(id)) {
    if (position !== count * blockBytes) break;
    count += 1;
  }
  return count;
}

/** The blocks held, in file order, as disk-backed Blobs. */
export function receivedBlocks(id: string): Promise<ChunkRow[]> {
  return listChunks(id);
}
