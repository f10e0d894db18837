/**
 * A streaming rewrite's output through the recorder's own ChunkWriter into memory, noting the most
 * output ever held unpersisted (what the rewrite keeps in memory) and every read's length.
 */
import { ChunkWriter } from '../../../src/media/storage/chunk-writer';
import { MemoryChunks, joinChunks } from './webm-fixture';

export function watchedOutput() {
  const store = new MemoryChunks();
  const writer = new ChunkWriter(store);
  const watch = { mostHeld: 0 };
  const output = {
    write: (position: number, data: Uint8Array) => {
      writer.write(position, data);
      watch.mostHeld = Math.max(watch.mostHeld, writer.size - writer.persistedSize);
    },
    get size() {
      return writer.size;
    },
    get persistedSize() {
      return writer.persistedSize;
    },
    flush: () => writer.flush(),
  };
  return { output, watch, unpersisted: () => writer.size - writer.persistedSize, bytes: () => joinChunks(store.chunks) };
}

/** Reads `file` as a ByteReader would, noting each read's length in `reads`. */
export function readerOf(file: Uint8Array, reads: number[] = []) {
  return (offset: number, length: number): Promise<Uint8Array> => {
    reads.push(length);
    return Promise.resolve(file.slice(offset, offset + length));
  };
}
