import { describe, expect, it } from 'vitest';
import { WriteBatches } from '../../src/media/storage/write-batches';

interface Write {
  id: string;
  n: number;
}

/**
 * Batches as `WriteBatches` runs them (two at most at once), each held until released or failed; each
 * begins its transaction at once, unless `slowToBegin`, when the test says it has. `alone` as given.
 */
function heldBatches({ slowToBegin = false, alone }: { slowToBegin?: boolean; alone?: (write: Write) => boolean } = {}) {
  const runs: { writes: number[]; release: () => void; fail: (error: Error) => void; begin: () => void }[] = [];
  const batches = new WriteBatches<Write>(
    (writes, begun) =>
      new Promise<void>((resolve, reject) => {
        runs.push({ writes: writes.map(({ n }) => n), release: resolve, fail: reject, begin: begun });
        if (!slowToBegin) begun();
      }),
    2,
    alone,
  );
  return { runs, batches, started: () => runs.map(({ writes }) => writes) };
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
  it('writes added in one task go together; a few batches run at once, and what waits for them goes together', async () => {
    const { runs, batches, started } = heldBatches();
    const first = [batches.add({ id: 'a', n: 1 }), batches.add({ id: 'b', n: 2 })];
    await turns();
    expect(started()).toEqual([[1, 2]]);
    const second = batches.add({ id: 'a', n: 3 });
    await turns();
    expect(started()).toEqual([[1, 2], [3]]);
    // Two are under way: the rest wait, and go together when one is written.
    const waiting = [batches.add({ id: 'c', n: 4 }), batches.add({ id: 'b', n: 5 })];
    await turns();
    expect(runs).toHaveLength(2);
    runs[0]?.release();
    expect(await Promise.all(first.map(settled))).toEqual(['written', 'written']);
    await turns();
    expect(started()).toEqual([[1, 2], [3], [4, 5]]);
    runs[1]?.release();
    runs[2]?.release();
    expect(await Promise.all([second, ...waiting].map(settled))).toEqual(['written', 'written', 'written']);
  });

  it('a batch starts only once the one before it has begun its transaction, so the browser runs them in order', async () => {
    const { runs, batches, started } = heldBatches({ slowToBegin: true });
    const first = batches.add({ id: 'a', n: 1 });
    await turns();
    const second = batches.add({ id: 'a', n: 2 });
    await turns();
    expect(started()).toEqual([[1]]);
    runs[0]?.begin();
    await turns();
    expect(started()).toEqual([[1], [2]]);
    runs[1]?.begin();
    runs[1]?.release();
    runs[0]?.release();
    expect(await Promise.all([first, second].map(settled))).toEqual(['written', 'written']);
  });

  it('a write that counts on earlier ones waits for the batches under way with its key, and holds its key back; other keys go on', async () => {
    const { runs, batches, started } = heldBatches();
    const blocks = batches.add({ id: 'a', n: 1 });
    await turns();
    const finishing = batches.add({ id: 'a', n: 2 }, { afterEarlier: true });
    const behind = batches.add({ id: 'a', n: 3 });
    const other = batches.add({ id: 'b', n: 4 });
    const finishingToo = batches.add({ id: 'b', n: 5 }, { afterEarlier: true });
    await turns();
    // Key b has nothing under way: its finish goes with its blocks, while a's waits with what followed it.
    expect(started()).toEqual([[1], [4, 5]]);
    runs[1]?.release();
    expect(await Promise.all([other, finishingToo].map(settled))).toEqual(['written', 'written']);
    await turns();
    expect(started()).toEqual([[1], [4, 5]]);
    runs[0]?.release();
    expect(await settled(blocks)).toBe('written');
    await turns();
    expect(started()).toEqual([[1], [4, 5], [2, 3]]);
    runs[2]?.release();
    expect(await Promise.all([finishing, behind].map(settled))).toEqual(['written', 'written']);
  });

  it('a failed batch fails its writes and the later writes of their keys, not of others, until a key is cleared', async () => {
    const { runs, batches, started } = heldBatches();
    const failing = batches.add({ id: 'a', n: 1 });
    await turns();
    // Added while the batch that fails is under way: one counts on it, one is another key's.
    const finishing = batches.add({ id: 'a', n: 2 }, { afterEarlier: true });
    const other = batches.add({ id: 'b', n: 3 }, { afterEarlier: true });
    runs[0]?.fail(new Error('disk full'));
    expect(await settled(failing)).toBe('failed: disk full');
    expect(await settled(finishing)).toBe('failed: disk full');
    await turns();
    expect(started()).toEqual([[1], [3]]);
    runs[1]?.release();
    expect(await settled(other)).toBe('written');
    expect(await settled(batches.add({ id: 'a', n: 4 }))).toBe('failed: disk full');
    batches.clear('a');
    const again = batches.add({ id: 'a', n: 5 });
    await turns();
    runs[2]?.release();
    expect(await settled(again)).toBe('written');
    expect(started()).toEqual([[1], [3], [5]]);
  });

  it('writes that go alone wait for the batch under way with one, and then go together', async () => {
    const { runs, batches, started } = heldBatches({ alone: ({ n }) => n >= 10 });
    const first = batches.add({ id: 'a', n: 10 });
    await turns();
    const blocks = batches.add({ id: 'c', n: 1 });
    const second = batches.add({ id: 'b', n: 11 });
    const third = batches.add({ id: 'c', n: 12 });
    await turns();
    // Blocks go on beside it; the other finishing writes wait, and then go in one batch.
    expect(started()).toEqual([[10], [1]]);
    runs[1]?.release();
    await turns();
    expect(started()).toEqual([[10], [1]]);
    runs[0]?.release();
    await turns();
    expect(started()).toEqual([[10], [1], [11, 12]]);
    runs[2]?.release();
    expect(await Promise.all([first, blocks, second, third].map(settled))).toEqual(['written', 'written', 'written', 'written']);
  });
});
