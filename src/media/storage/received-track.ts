/**
 * A participant's recording as the host receives it, block by block, over the room's data channel
 * (docs/decisions/0015-podcast-tracks.md). It is an ordinary recording row whose chunks are the
 * blocks at their byte positions, so the library lists, plays and recovers it like any other, and
 * a host that crashes mid-transfer keeps every block already written.
 */
import { chunkRange, getRecording, listChunks, openRecordingsDb, putRecording, writeRecordings, type ChunkRow, type RecordingRow, type RecordingWrite } from './recordings-db';
import { WriteBatches } from './write-batches';

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
export async function openReceivedTrack(track: ReceivedTrackRow): Promise<RecordingRow> {
  receivedWrites.clear(track.id);
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

/**
 * Every track this page receives is written through one queue: what arrives for any track while
 * transactions are under way goes together in the next, so the host's tracks do not queue their
 * transactions behind one another's (docs/decisions/0015-podcast-tracks.md). A track's finishing write
 * waits for its own writes under way and for another finishing write under way, and a failed write
 * fails the track's later writes, until it is opened again.
 */
const receivedWrites = new WriteBatches<RecordingWrite>(
  (writes, begun) => writeRecordings(writes, begun),
  3,
  // Finishing writes read the row they patch: those that come while one is under way go together.
  (write) => write.patch !== undefined,
);

/** Stores blocks of a track at their byte positions (a block sent again replaces the old one). */
export function putReceivedBlocks(id: string, blocks: readonly ReceivedBlock[]): Promise<void> {
  return receivedWrites.add({ id, chunks: chunksOf(id, blocks) });
}

/** A block of a track as it arrived: its bytes at their position in the file. */
export interface ReceivedBlock {
  position: number;
  bytes: Uint8Array<ArrayBuffer>;
}

const chunksOf = (id: string, blocks: readonly ReceivedBlock[]): ChunkRow[] => blocks.map(({ position, bytes }) => ({ recordingId: id, position, bytes: new Blob([bytes]) }));

/**
 * Notes how much has arrived, so the library shows the row growing and knows it is alive; a row already
 * finished is left as it is, so the finishing write need not wait for a note on its way. Not through the
 * shared queue: a write of the rows waits for every other one that holds them (the recorders'), and
 * the blocks' writes would wait with it.
 */
export async function noteReceived(id: string, size: number, durationMs: number): Promise<void> {
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
 * file, with `more` (its start, lined up again) in it.
 */
export function finishReceivedTrack(
  id: string,
  { size, durationMs, mimeType, ...more }: Pick<RecordingRow, 'size' | 'durationMs' | 'mimeType'> & Partial<Pick<RecordingRow, 'startedAt'>>,
  blockBytes: number,
  blocks: readonly ReceivedBlock[] = [],
): Promise<void> {
  // After every write of blocks already under way: the row says done only once they are written.
  return receivedWrites.add(
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
