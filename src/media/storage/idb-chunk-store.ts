import type { ChunkStore } from './chunk-writer';
import { getChunkAt, putChunk } from './recordings-db';

/** The chunk writer's store for one recording, backed by the `chunks` object store; the Blob is the copy `put` takes. */
export function idbChunkStore(recordingId: string): ChunkStore {
  return {
    put: (position, bytes) => putChunk({ recordingId, position, bytes: new Blob([bytes as Uint8Array<ArrayBuffer>]) }),
    get: async (position) => {
      const row = await getChunkAt(recordingId, position);
      return row ? new Uint8Array(await row.bytes.arrayBuffer()) : undefined;
    },
  };
}
