/**
 * mediabunny's ends on the chunk store: an Input reading a stored recording through a small cache,
 * and a target writing a new file into chunks under a key of its own, flushed every few MB so the
 * muxer never runs ahead of the disk. Shared by the MP4 export and trimming.
 */
import { ALL_FORMATS, CustomSource, Input, StreamTarget, type StreamTargetChunk } from 'mediabunny';
import { ChunkWriter } from '../storage/chunk-writer';
import { idbChunkStore } from '../storage/idb-chunk-store';
import type { StoredFile } from '../storage/stored-file-reader';
import { keepClusterEndFrames } from './cluster-end-durations';

/**
 * The source is read through a cache this small, whatever its length: a larger one did not make the
 * export faster or its peak lower, and most of what an export holds is the codecs' and V8's (see
 * h264-pump), not this cache (docs/decisions/0009-mp4-export-and-trim.md).
 */
const READ_CACHE_BYTES = 1024 * 1024;
/** Output gathered before it is persisted. */
const FLUSH_BYTES = 2 * 1024 * 1024;

export function storedInput(stored: StoredFile): Input {
  return new Input({
    source: new CustomSource({ getSize: () => stored.size, read: (start, end) => stored.read(start, end - start), maxCacheSize: READ_CACHE_BYTES }),
    formats: ALL_FORMATS,
  });
}

/** A stored recording as an Input to re-encode or cut: every frame keeps a duration (see cluster-end-durations). */
export async function storedSourceInput(stored: StoredFile): Promise<Input> {
  const input = storedInput(stored);
  try {
    await keepClusterEndFrames(input);
    return input;
  } catch (error) {
    input.dispose();
    throw error;
  }
}

/** A muxer target into chunks under `key`; `writer.flush()` once the muxer is done. */
export function chunkTarget(key: string): { target: StreamTarget; writer: ChunkWriter } {
  const writer = new ChunkWriter(idbChunkStore(key));
  const target = new StreamTarget(
    new WritableStream<StreamTargetChunk>({
      write: async ({ position, data }) => {
        writer.write(position, data);
        // Waiting here holds the muxer back until the store has caught up.
        if (writer.size - writer.persistedSize >= FLUSH_BYTES) await writer.flush();
      },
    }),
  );
  return { target, writer };
}

/** A recording's own average bits per second (within 1–20 Mbps): re-encoded pictures keep its quality and about its size. */
export function averageBitrate(size: number, durationMs: number): number {
  const seconds = Math.max(1, durationMs / 1000);
  return Math.min(20_000_000, Math.max(1_000_000, Math.round((size * 8) / seconds)));
}
