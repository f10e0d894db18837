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
    const target = new StreamTarget(
      new WritableStream<StreamTargetChunk>({
        write: (chunk) => {
          const settled = writer.endAtLastRewrite;
          if (!finishing && settled !== null && chunk.position < settled) below.push(chunk.position);
          writer.write(chunk.position, chunk.data.slice());
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
    const settledWhileRecording = writer.endAtLastRewrite ?? 0;
    finishing = true;
    await output.finalize();
    expect(below).toEqual([]);
    // Clusters closed as it went: all but the last few seconds were settled before the end.
    expect(settledWhileRecording).toBeGreaterThan(writer.size * 0.6);
  });
});
