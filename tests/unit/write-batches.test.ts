import { describe, expect, it } from 'vitest';
import { WriteBatches } from '../../src/media/storage/write-batches';

interface Write {
  id: string;
  n: number;
}

/** Batches as `WriteBatches` runs them, each held until `release` (or `fail`) is called for it. */
function heldBatches() {
  const runs: { writes: number[]; release: () => void; fail: (error: Error) => void }[] = [];
  const batches = new WriteBatches<Write>(
    (writes) =>
      new Promise<void>((resolve, reject) => {
        runs.push({ writes: writes.map(({ n }) => n), release: resolve, fail: reject });
      }),
  );
  return { runs, batches };
}

const settled = async (promise: Promise<void>): Promise<string> =>
  promise.then(
    () => 'written',
    (error: unknown) => `failed: ${(error as Error).message}`,
  );

const turns = async (count = 5) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('WriteBatches', () => {
  it('writes added in one task go together, and those added while a batch is written go together in the next', async () => {
    const { runs, batches } = heldBatches();
    const first = [batches.add({ id: 'a', n: 1 }), batches.add({ id: 'b', n: 2 })];
    await turns();
    expect(runs.map(({ writes }) => writes)).toEqual([[1, 2]]);
    const second = [batches.add({ id: 'a', n: 3 }), batches.add({ id: 'c', n: 4 })];
    await turns();
    const third = batches.add({ id: 'b', n: 5 });
    await turns();
    // Nothing starts before the batch under way is written.
    expect(runs).toHaveLength(1);
    runs[0]?.release();
    expect(await Promise.all(first.map(settled))).toEqual(['written', 'written']);
    await turns();
    expect(runs.map(({ writes }) => writes)).toEqual([[1, 2], [3, 4, 5]]);
    runs[1]?.release();
    expect(await Promise.all([...second, third].map(settled))).toEqual(['written', 'written', 'written']);
  });

  it('a failed batch fails its writes and the later writes of their keys, not of others, until a key is cleared', async () => {
    const { runs, batches } = heldBatches();
    const failing = batches.add({ id: 'a', n: 1 });
    await turns();
    // Added while the batch that fails is under way: one counts on it, one does not.
    const after = batches.add({ id: 'a', n: 2 });
    const other = batches.add({ id: 'b', n: 3 });
    runs[0]?.fail(new Error('disk full'));
    expect(await settled(failing)).toBe('failed: disk full');
    expect(await settled(after)).toBe('failed: disk full');
    await turns();
    expect(runs.map(({ writes }) => writes)).toEqual([[1], [3]]);
    runs[1]?.release();
    expect(await settled(other)).toBe('written');
    expect(await settled(batches.add({ id: 'a', n: 4 }))).toBe('failed: disk full');
    batches.clear('a');
    const again = batches.add({ id: 'a', n: 5 });
    await turns();
    runs[2]?.release();
    expect(await settled(again)).toBe('written');
    expect(runs.map(({ writes }) => writes)).toEqual([[1], [3], [5]]);
  });
});
