import { describe, expect, it } from 'vitest';
import { EncodedPacket, EncodedVideoPacketSource, Output, StreamTarget, WebMOutputFormat, type StreamTargetChunk } from 'mediabunny';
import { ChunkWriter, type ChunkStore, type ChunkWrite } from '../../src/media/storage/chunk-writer';

class MemoryStore implements ChunkStore {
  readonly chunks = new Map<number, Uint8Array>();
  /** Each put's chunks, as [position, length]. */
  readonly puts: [number, number][][] = [];
  gets = 0;
  put(chunks: readonly ChunkWrite[]) {
    this.puts.push(chunks.map(({ position, bytes }) => [position, bytes.length]));
    for (const { position, bytes } of chunks) this.chunks.set(position, bytes.slice());
    return Promise.resolve();
  }
  get(position: number) {
    this.gets += 1;
    return Promise.resolve(this.chunks.get(position)?.slice());
  }
  /** What a reader of the store sees: the chunks concatenated in position order. */
  file(): number[] {
    return [...this.chunks.entries()].sort((a, b) => a[0] - b[0]).flatMap(([, bytes]) => [...bytes]);
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A store that copies as it is called (the contract) but confirms only on `release()`; `seen` is what each put was given. */
function slowStore(store: MemoryStore) {
  const seen: number[][] = [];
  let release: () => void = () => undefined;
  const slow: ChunkStore = {
    put: (chunks) => {
      const copies = chunks.map(({ position, bytes }) => ({ position, bytes: bytes.slice() }));
      seen.push(...chunks.map(({ bytes }) => [...bytes]));
      return new Promise((resolve) => (release = () => void store.put(copies).then(resolve)));
    },
    get: (p) => store.get(p),
  };
  return { slow, seen, release: () => release() };
}

/** Flushes, writes while that flush's put is in flight, and flushes again. */
async function flushTwiceWithAWriteBetween(writer: ChunkWriter, release: () => void, write: () => void) {
  const first = writer.flush();
  await tick();
  write();
  release();
  await first;
  const second = writer.flush();
  await tick();
  release();
  await second;
}
const bytes = (...values: number[]) => Uint8Array.from(values);

describe('ChunkWriter', () => {
  it('persists appends as one chunk per flush', async () => {
    const store = new MemoryStore();
    const writer = new ChunkWriter(store);
    writer.write(0, bytes(1, 2, 3));
    writer.write(3, bytes(4, 5));
    expect(writer.size).toBe(5);
    expect(writer.persistedSize).toBe(0);
    await writer.flush();
    writer.write(5, bytes(6));
    await writer.flush();
    expect(store.puts.length).toBe(2);
    expect(store.file()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('patches bytes that were already persisted, across chunk boundaries', async () => {
    const store = new MemoryStore();
    const writer = new ChunkWriter(store);
    writer.write(0, bytes(0, 0, 0, 0));
    await writer.flush();
    writer.write(4, bytes(0, 0, 0, 0));
    await writer.flush();
    writer.write(8, bytes(9, 9));
    writer.write(2, bytes(7, 7, 7, 7)); // spans chunk 0 and chunk 4
    writer.write(9, bytes(5, 6)); // half patch of pending bytes, half append
    await writer.flush();
    expect(store.file()).toEqual([0, 0, 7, 7, 7, 7, 0, 0, 9, 5, 6]);
  });

  it('keeps a patch that arrives while its range is being persisted', async () => {
    const store = new MemoryStore();
    const { slow, release } = slowStore(store);
    const writer = new ChunkWriter(slow);
    writer.write(0, bytes(1, 1, 1));
    await flushTwiceWithAWriteBetween(writer, release, () => {
      writer.write(1, bytes(8));
    });
    expect(store.file()).toEqual([1, 8, 1]);
  });

  it('reuses its buffer while a chunk is being stored, without changing what was stored', async () => {
    const store = new MemoryStore();
    const { slow, seen, release } = slowStore(store);
    const writer = new ChunkWriter(slow);
    writer.write(0, bytes(1, 2, 3));
    // The append lands while the first put is in flight, when the writer's buffer is free again.
    await flushTwiceWithAWriteBetween(writer, release, () => {
      writer.write(3, bytes(4, 5));
    });
    expect(seen).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(store.file()).toEqual([1, 2, 3, 4, 5]);
    expect(writer.persistedSize).toBe(5);
  });

  it("puts a flush's patches with its new chunk, patching the header and the last chunk without reading them", async () => {
    const store = new MemoryStore();
    const writer = new ChunkWriter(store);
    const reference: number[] = [];
    const write = (position: number, data: Uint8Array) => {
      writer.write(position, data);
      data.forEach((value, i) => (reference[position + i] = value));
    };
    // The header's chunks, then two chunks of clusters, as a recording stores them.
    for (const [from, to] of [[0, 40], [40, 5000], [5000, 9000], [9000, 13000]] as const) {
      write(from, new Uint8Array(to - from).fill(from % 251));
      await writer.flush();
    }
    const putsBefore = store.puts.length;
    write(13000, bytes(1, 2, 3)); // the next cluster
    write(9002, bytes(4, 4)); // the last stored cluster's size, known as it closes
    write(50, bytes(5, 5, 5)); // the header's duration
    write(0, bytes(6)); // and a byte of its first chunk
    await writer.flush();
    expect(store.puts.slice(putsBefore)).toEqual([
      [
        [9000, 4000],
        [40, 4960],
        [0, 40],
        [13000, 3],
      ],
    ]);
    expect(store.gets).toBe(0);
    expect(store.file()).toEqual(reference);

    write(5001, bytes(7)); // a chunk the writer no longer keeps: read back from the store, once
    write(5003, bytes(8));
    await writer.flush();
    expect(store.gets).toBe(1);
    expect(store.file()).toEqual(reference);
  });

  it('matches a reference buffer for a random mix of appends and patches', async () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const store = new MemoryStore();
    const writer = new ChunkWriter(store);
    const reference: number[] = [];
    for (let step = 0; step < 400; step++) {
      const length = 1 + random(50);
      const data = Uint8Array.from({ length }, () => random(256));
      const position = reference.length > 0 && random(4) === 0 ? random(reference.length) : reference.length;
      writer.write(position, data);
      data.forEach((value, i) => (reference[position + i] = value));
      if (random(5) === 0) await writer.flush();
    }
    await writer.flush();
    expect(store.file()).toEqual(reference);
  });

  it('surfaces a store failure and stores nothing past the hole it leaves', async () => {
    const store = new MemoryStore();
    let fail = false;
    const flaky: ChunkStore = {
      put: (chunks) => (fail ? Promise.reject(new DOMException('full', 'QuotaExceededError')) : store.put(chunks)),
      get: (p) => store.get(p),
    };
    const writer = new ChunkWriter(flaky);
    writer.write(0, bytes(1, 2));
    await writer.flush();
    fail = true;
    writer.write(2, bytes(3));
    await expect(writer.flush()).rejects.toThrow('full');
    fail = false;
    writer.write(3, bytes(4));
    await expect(writer.flush()).rejects.toThrow('full');
    expect(writer.persistedSize).toBe(2);
    expect(store.file()).toEqual([1, 2]);
  });
});

/**
 * mediabunny's WebM muxer as a recording uses it, fed ten seconds of packets, each of its writes handed
 * to `write`; resolves once they are in, with the call that finishes the file.
 */
async function tenSecondsOfWebm(write: (position: number, data: Uint8Array) => void): Promise<() => Promise<void>> {
  const target = new StreamTarget(
    new WritableStream<StreamTargetChunk>({
      write: (chunk) => {
        write(chunk.position, chunk.data.slice());
      },
    }),
  );
  const output = new Output({ format: new WebMOutputFormat({ minimumClusterDuration: 1 }), target });
  const video = new EncodedVideoPacketSource('vp9');
  output.addVideoTrack(video);
  await output.start();
  for (let index = 0; index < 300; index++) {
    const key = index % 60 === 0;
    await video.add(new EncodedPacket(new Uint8Array(key ? 4000 : 1200).fill(index % 251), key ? 'key' : 'delta', index / 30, 1 / 30), index === 0 ? { decoderConfig: { codec: 'vp09.00.10.08', codedWidth: 320, codedHeight: 180 } } : undefined);
  }
  return () => output.finalize();
}

describe('ChunkWriter.endAtLastRewrite', () => {
  it('is where the file ended when a write last went back, and appends leave it', () => {
    const writer = new ChunkWriter(new MemoryStore());
    writer.write(0, new Uint8Array(100));
    expect(writer.endAtLastRewrite).toBeNull();
    writer.write(10, new Uint8Array(4));
    expect(writer.endAtLastRewrite).toBe(100);
    writer.write(100, new Uint8Array(50));
    writer.write(160, new Uint8Array(5)); // past the end: a gap, then an append
    expect(writer.endAtLastRewrite).toBe(100);
  });

  it('a WebM muxer writing a recording never goes back before it until the file is finished', async () => {
    // mediabunny's WebM muxer as a recording uses it, fed ten seconds of packets: it goes back only to
    // close a cluster, whose size it then knows, before the next begins at the end.
    const writer = new ChunkWriter(new MemoryStore());
    const below: number[] = [];
    let finishing = false;
    const finalize = await tenSecondsOfWebm((position, data) => {
      const settled = writer.endAtLastRewrite;
      if (!finishing && settled !== null && position < settled) below.push(position);
      writer.write(position, data);
    });
    const settledWhileRecording = writer.endAtLastRewrite ?? 0;
    finishing = true;
    await finalize();
    expect(below).toEqual([]);
    // Clusters closed as it went: all but the last few seconds were settled before the end.
    expect(settledWhileRecording).toBeGreaterThan(writer.size * 0.6);
  });
});

describe('ChunkWriter.storedSettled', () => {
  it('moves only once a flush that holds the rewrite behind it has been stored', async () => {
    const store = new MemoryStore();
    const { slow, release } = slowStore(store);
    const writer = new ChunkWriter(slow);
    writer.write(0, new Uint8Array(100));
    writer.write(10, new Uint8Array(4));
    const first = writer.flush();
    await tick();
    // A cluster closes while that flush is being stored: its size is not stored until the next one.
    writer.write(100, new Uint8Array(50));
    writer.write(100, Uint8Array.of(7, 7, 7, 7));
    expect(writer.endAtLastRewrite).toBe(150);
    release();
    await first;
    expect(writer.storedSettled).toBe(100);
    const second = writer.flush();
    await tick();
    release();
    await second;
    expect(writer.storedSettled).toBe(150);
    expect(store.file().slice(100, 104)).toEqual([7, 7, 7, 7]);
  });

  it('is 0, not unknown, once a first write has gone back while its flush is still being stored', async () => {
    const store = new MemoryStore();
    const { slow, release } = slowStore(store);
    const writer = new ChunkWriter(slow);
    writer.write(0, new Uint8Array(100));
    expect(writer.storedSettled).toBeNull();
    const first = writer.flush();
    await tick();
    writer.write(100, new Uint8Array(50));
    writer.write(10, new Uint8Array(4)); // the first write that goes back
    release();
    await first;
    // Unknown would tell a reader every stored byte is final, and bytes 10-13 are not yet.
    expect(writer.storedSettled).toBe(0);
  });
});

describe('ChunkWriter.reopened', () => {
  it('names the bytes written again after they settled; before any rewrite, every byte counted as settled', () => {
    const writer = new ChunkWriter(new MemoryStore());
    writer.write(0, new Uint8Array(100));
    writer.write(10, new Uint8Array(4)); // the first rewrite: nothing had been said to settle
    expect(writer.reopened).toEqual([[10, 14]]);
    writer.write(100, new Uint8Array(50));
    writer.write(100, new Uint8Array(4)); // at the last rewrite's end: a cluster closing
    expect(writer.reopened).toEqual([[10, 14]]);
    writer.write(12, new Uint8Array(6)); // joins the range it touches
    writer.write(0, new Uint8Array(2));
    expect(writer.reopened).toEqual([
      [0, 2],
      [10, 18],
    ]);
    // Past 64 ranges they become one.
    const many = new ChunkWriter(new MemoryStore());
    many.write(0, new Uint8Array(200));
    many.write(100, new Uint8Array(1));
    for (let i = 0; i < 70; i++) many.write(i * 2, new Uint8Array(1));
    expect(many.reopened.length).toBeLessThanOrEqual(64);
    for (let i = 0; i < 70; i++) expect(many.reopened.some(([start, end]) => i * 2 >= start && i * 2 < end)).toBe(true);
  });

  it('of a WebM recording, holds every byte the muxer changed when it finished the file: below what had settled, only its header', async () => {
    const store = new MemoryStore();
    const writer = new ChunkWriter(store);
    const finalize = await tenSecondsOfWebm((position, data) => {
      writer.write(position, data);
    });
    await writer.flush();
    const settled = writer.endAtLastRewrite ?? 0;
    const before = store.file().slice(0, settled);
    await finalize();
    await writer.flush();
    const after = store.file();
    const changed = before.flatMap((byte, i) => (after[i] === byte ? [] : [i]));
    expect(changed.length).toBeGreaterThan(0);
    const outside = changed.filter((i) => !writer.reopened.some(([start, end]) => i >= start && i < end));
    expect({ outside, reopened: writer.reopened, settled }).toEqual({ outside: [], reopened: writer.reopened, settled });
    // The header, and the last cluster's size (written after it, past what had settled): a participant
    // who sent the settled blocks while recording reads back only the header's.
    expect(writer.reopened.every(([start, end]) => end <= 4096 || start >= settled)).toBe(true);
    expect(writer.reopened.filter(([start]) => start < settled).every(([, end]) => end <= 4096)).toBe(true);
  });
});

/** A store that copies as it is called but answers only when `settle` is called, in any order asked. */
class LateStore implements ChunkStore {
  readonly chunks = new Map<number, Uint8Array>();
  readonly waiting: (() => void)[] = [];
  put(chunks: readonly ChunkWrite[]) {
    const copies = chunks.map(({ position, bytes }) => [position, bytes.slice()] as const);
    return new Promise<void>((resolve) =>
      this.waiting.push(() => {
        for (const [position, bytes] of copies) this.chunks.set(position, bytes);
        resolve();
      }),
    );
  }
  get(position: number) {
    return new Promise<Uint8Array | undefined>((resolve) => this.waiting.push(() => resolve(this.chunks.get(position)?.slice())));
  }
  settle(index: number) {
    this.waiting.splice(index, 1)[0]?.();
  }
  /** The chunks joined in position order; a gap or an overlap between them is a failure. */
  file(): Uint8Array {
    const sorted = [...this.chunks.entries()].sort((a, b) => a[0] - b[0]);
    const out = new Uint8Array(sorted.reduce((sum, [, bytes]) => sum + bytes.length, 0));
    let end = 0;
    for (const [position, bytes] of sorted) {
      if (position !== end) throw new Error(`chunk at ${String(position)} where the file is at ${String(end)}`);
      out.set(bytes, position);
      end += bytes.length;
    }
    return out;
  }
}

/** Index of the first byte where `a` and `b` differ (-1: the same bytes). */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : length;
}

describe('ChunkWriter with a store that answers late and out of order', () => {
  const settleMicrotasks = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };

  /** Random appends, patches (header, last chunk, anywhere), gaps and large writes, flushed and answered in random order. */
  async function run(seed: number, steps: number, large: boolean) {
    let state = seed;
    const random = (n: number) => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return (state >>> 8) % n;
    };
    const store = new LateStore();
    const writer = new ChunkWriter(store);
    let reference = new Uint8Array(0);
    let size = 0;
    const flushes: Promise<void>[] = [];
    const write = () => {
      const kind = random(100);
      const length = large && random(60) === 0 ? 300_000 + random(900_000) : 1 + random(kind < 10 ? 3000 : 200);
      const data = new Uint8Array(length).fill(random(256));
      data[0] = random(256);
      const end = size;
      const position =
        end === 0 || kind < 45 ? end : kind < 60 ? random(Math.min(end, 5000)) : kind < 85 ? Math.max(0, end - 1 - random(Math.min(end, 3000))) : kind < 95 ? random(end) : end + random(50);
      writer.write(position, data);
      const newSize = Math.max(size, position + length);
      if (newSize > reference.length) {
        const grown = new Uint8Array(Math.max(newSize, reference.length * 2));
        grown.set(reference.subarray(0, size));
        reference = grown;
      }
      reference.set(data, position);
      size = newSize;
    };
    /** Answers the store in random order until every flush asked for so far has ended. */
    const settleAll = async () => {
      const flushed = { ended: false };
      const all = Promise.all(flushes.splice(0)).then(() => (flushed.ended = true));
      while (!flushed.ended) {
        if (store.waiting.length > 0) store.settle(random(store.waiting.length));
        await settleMicrotasks();
      }
      await all;
    };
    for (let step = 0; step < steps; step++) {
      const action = random(100);
      if (action < 55) write();
      else if (action < 70) flushes.push(writer.flush());
      else if (action < 90 && store.waiting.length > 0) store.settle(random(store.waiting.length));
      else if (action >= 95) {
        await settleAll();
        flushes.push(writer.flush());
        await settleAll();
        expect(writer.persistedSize).toBe(size);
        expect(firstDifference(store.file(), reference.subarray(0, size)), `seed ${String(seed)}, step ${String(step)}`).toBe(-1);
      }
      await settleMicrotasks();
    }
    await settleAll();
    flushes.push(writer.flush());
    await settleAll();
    expect(firstDifference(store.file(), reference.subarray(0, size)), `seed ${String(seed)}`).toBe(-1);
  }

  it('stores exactly the file, whatever was written while a read or a put was waiting', async () => {
    for (let seed = 1; seed <= 60; seed++) await run(seed, 300, false);
  });

  it('and when its buffer grows for large writes meanwhile', async () => {
    for (let seed = 5000; seed <= 5004; seed++) await run(seed, 200, true);
  });
});
