import type { ChunkStore } from './chunk-writer';
import { getChunkAt, putChunks } from './recordings-db';

/**
 * The chunk writer's store for one recording, backed by the `chunks` object store: a put is one
 * transaction, and its Blobs are the copies it takes.
 */
export function idbChunkStore(recordingId: string): ChunkStore {
  return {
    put: (chunks) => putChunks(chunks.map(({ position, bytes }) => ({ recordingId, position, bytes: new Blob([bytes as Uint8Array<ArrayBuffer>]) }))),
    get: async (position) => {
      const row = await getChunkAt(recordingId, position);
      return row ? new Uint8Array(await row.bytes.arrayBuffer()) : undefined;
    },
  };
}
