import type { ChunkStore, ChunkWrite } from './chunk-writer';
import { getChunkAt, putChunks, type ChunkRow } from './recordings-db';

/** The writer's chunks of one recording as rows of the `chunks` store; the Blobs are the copies the writer needs taken at once. */
export function chunkRowsOf(recordingId: string, chunks: readonly ChunkWrite[]): ChunkRow[] {
  return chunks.map(({ position, bytes }) => ({ recordingId, position, bytes: new Blob([bytes as Uint8Array<ArrayBuffer>]) }));
}

/**
 * The chunk writer's store for one recording, backed by the `chunks` object store: a put is one
 * transaction, and its Blobs are the copies it takes.
 */
export function idbChunkStore(recordingId: string): ChunkStore {
  return {
    put: (chunks) => putChunks(chunkRowsOf(recordingId, chunks)),
    get: async (position) => {
      const row = await getChunkAt(recordingId, position);
      return row ? new Uint8Array(await row.bytes.arrayBuffer()) : undefined;
    },
  };
}
