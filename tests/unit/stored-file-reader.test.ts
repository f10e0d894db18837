import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { putChunk } from '../../src/media/storage/recordings-db';
import { openStoredFile } from '../../src/media/storage/stored-file-reader';

/** Stores `file` under `id` as chunks of the given lengths; returns the bytes stored. */
async function storeInChunks(id: string, lengths: number[], skip: number[] = []): Promise<Uint8Array> {
  const total = lengths.reduce((sum, length) => sum + length, 0);
  const file = Uint8Array.from({ length: total }, (_, index) => (index * 7 + 3) % 251);
  let position = 0;
  for (const [index, length] of lengths.entries()) {
    if (!skip.includes(index)) await putChunk({ recordingId: id, position, bytes: new Blob([file.slice(position, position + length)]) });
    position += length;
  }
  return file;
}

describe('openStoredFile', () => {
  it('reads any range as the stored bytes: inside one chunk, across several, up to the end', async () => {
    const file = await storeInChunks('reader-ranges', [10, 1, 25, 7, 40]);
    const stored = await openStoredFile('reader-ranges');
    expect(stored.size).toBe(83);
    for (const [offset, length] of [
      [0, 83],
      [2, 5],
      [9, 3],
      [10, 1],
      [5, 50],
      [36, 47],
      [80, 20],
    ] as const) {
      const bytes = await stored.read(offset, length);
      expect(Array.from(bytes), `${String(offset)}+${String(length)}`).toEqual(Array.from(file.slice(offset, Math.min(83, offset + length))));
    }
  });

  it('reads nothing at or beyond the end', async () => {
    await storeInChunks('reader-end', [4, 4]);
    const stored = await openStoredFile('reader-end');
    expect((await stored.read(8, 10)).length).toBe(0);
    expect((await stored.read(20, 10)).length).toBe(0);
  });

  it('reads a chunk missing from the middle as zeros, keeping every byte after it in place', async () => {
    const file = await storeInChunks('reader-gap', [6, 6, 6], [1]);
    const stored = await openStoredFile('reader-gap');
    const bytes = await stored.read(3, 12);
    expect(Array.from(bytes)).toEqual([...Array.from(file.slice(3, 6)), 0, 0, 0, 0, 0, 0, ...Array.from(file.slice(12, 15))]);
  });
});
