/**
 * Reads a recording's stored file a range at a time, fetching only the chunk rows a read touches.
 * A Blob joined from every chunk (`readRecordingFile`) is right for a download, but each of its
 * parts keeps a handle in the browser process, tens of megabytes for a recording of gigabytes, held
 * for as long as the Blob lives (docs/decisions/0004-seekable-webm-output.md). Repair and rewrite walk the whole file, so they read it this way instead.
 */
import type { ByteReader } from '../container/webm/webm-reader';
import { asChunkRow, chunkRange, fileKeyOf, openRecordingsDb, type ChunkRow } from './recordings-db';

export interface StoredFile {
  size: number;
  read: ByteReader;
}

export async function openStoredFile(recordingId: string): Promise<StoredFile> {
  const db = await openRecordingsDb();
  const tx = db.transaction(['recordings', 'chunks']);
  // The row and its chunk list in one transaction: a rewrite switching files meanwhile is seen whole or not at all.
  const row = await tx.objectStore('recordings').get(recordingId);
  const key = row ? fileKeyOf(row) : recordingId;
  const positions = (await tx.objectStore('chunks').getAllKeys(chunkRange(key))).map(([, position]) => position);
  const lastPosition = positions.at(-1);
  const last = lastPosition === undefined ? undefined : asChunkRow(await tx.objectStore('chunks').get([key, lastPosition]));
  await tx.done;
  const size = last ? last.position + last.bytes.size : 0;

  // Walks read headers a few bytes apart: the chunk they fall in is fetched once, not per read.
  let cached: ChunkRow | undefined;
  const chunkAt = async (position: number): Promise<ChunkRow> => {
    if (cached?.position !== position) cached = asChunkRow(await db.get('chunks', [key, position]));
    if (!cached) throw new Error('Part of this recording is missing from storage');
    return cached;
  };

  // The parts a read touches are joined as Blob slices (references, not copies) and read out once:
  // one buffer per read, where copying each part in would leave two behind for the collector.
  const read: ByteReader = async (offset, length) => {
    const end = Math.min(size, offset + length);
    if (end <= offset) return new Uint8Array(0);
    const parts: Blob[] = [];
    let reached = offset;
    for (let index = lastAtOrBefore(positions, offset); index < positions.length && reached < end; index++) {
      const position = positions[index] ?? 0;
      if (position >= end) break;
      const chunk = await chunkAt(position);
      const from = Math.max(reached, position);
      const to = Math.min(end, position + chunk.bytes.size);
      // A gap between chunks reads as zeros, as it always has; the file's parsers judge the bytes.
      if (from > reached) parts.push(new Blob([new Uint8Array(from - reached)]));
      if (to > from) parts.push(chunk.bytes.slice(from - position, to - position));
      reached = Math.max(reached, to);
    }
    if (reached < end) parts.push(new Blob([new Uint8Array(end - reached)]));
    return new Uint8Array(await (parts.length === 1 ? (parts[0] as Blob) : new Blob(parts)).arrayBuffer());
  };
  return { size, read };
}

/** The index of the last position at or before `offset` (0 when none is). */
function lastAtOrBefore(positions: readonly number[], offset: number): number {
  let low = 0;
  let high = positions.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((positions[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}
