import { describe, expect, it } from 'vitest';
import { SenderFileReads, type StoredRead } from '../../src/features/room/tracks/sender-file-reads';
import { BLOCK_BYTES } from '../../src/features/room/tracks/track-transfer-protocol';

/** A stored file of `blocks` blocks and a bit, in chunks of `chunk` bytes; every read of it is noted. */
function storedFile(blocks: number, chunk: number) {
  const bytes = new Uint8Array(blocks * BLOCK_BYTES + 100);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 13) & 0xff;
  const state = { recordedSize: bytes.length, finished: true };
  const reads: [number, number | undefined][] = [];
  /** As the store reads: from the start of the chunk that holds `from`, to the end of the chunk before `to`. */
  const read = (from: number, to?: number): Promise<StoredRead> => {
    reads.push([from, to]);
    const offset = Math.floor(from / chunk) * chunk;
    const end = to === undefined ? bytes.length : Math.min(bytes.length, Math.ceil(to / chunk) * chunk);
    return Promise.resolve({ bytes: new Blob([bytes.slice(offset, end)]), offset, ...state });
  };
  return { bytes, state, reads, read };
}

/** Whether two byte arrays hold the same bytes (a deep comparison of a megabyte takes seconds). */
const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.from(a).equals(Buffer.from(b));

describe('the track sender’s reads of the stored file', () => {
  it('reads a block before the first read from just the chunks that hold it, and keeps the last reads', async () => {
    const stored = storedFile(20, 10_000);
    const reads = new SenderFileReads(await stored.read(BLOCK_BYTES * 18), stored.read);
    expect(reads.size).toBe(stored.bytes.length);
    expect(same(await reads.block(18, 21, 16), stored.bytes.slice(BLOCK_BYTES * 18, BLOCK_BYTES * 19))).toBe(true);
    expect(same(await reads.block(0, 1, 16), stored.bytes.slice(0, BLOCK_BYTES))).toBe(true);
    // The header's block came from the chunks before its end, not from a listing of the whole file.
    expect(stored.reads).toEqual([
      [BLOCK_BYTES * 18, undefined],
      [0, BLOCK_BYTES],
    ]);
    // Both are kept: neither is read again.
    expect(same(await reads.block(19, 21, 16), stored.bytes.slice(BLOCK_BYTES * 19, BLOCK_BYTES * 20))).toBe(true);
    expect(same(await reads.block(0, 1, 16), stored.bytes.slice(0, BLOCK_BYTES))).toBe(true);
    expect(stored.reads).toHaveLength(2);
    expect(same(new Uint8Array(await (await reads.whole()).arrayBuffer()), stored.bytes)).toBe(true);
  });

  it('a file that changed between two reads (trimmed or replaced meanwhile) is not read as one', async () => {
    const stored = storedFile(4, 65_536);
    const reads = new SenderFileReads(await stored.read(BLOCK_BYTES * 3), stored.read);
    stored.state.recordedSize -= 1000;
    await expect(reads.block(0, 1, 16)).rejects.toThrow('The recording changed while it was being sent');
  });
});
