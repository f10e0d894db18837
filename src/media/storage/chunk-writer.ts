/**
 * Turns the muxer's positioned writes into a few durable chunks. Appends are gathered in memory
 * and persisted as one chunk per flush (the recorder flushes four times a second, so a crash loses
 * at most that much); writes that land on bytes already persisted (the muxer closing a cluster, and
 * patching the header's duration and seek head at the end) rewrite the affected chunks in place, in
 * the same put as the flush's new chunk, so the stored chunks in position order are always exactly
 * the file.
 *
 * Those rewrites land, nearly always, in the last chunk stored (a cluster's size) or in the file's
 * first few kilobytes (the header), so the writer keeps those chunks' bytes and patches them with no
 * read of the store: a read was a transaction of its own, on every flush and three times at Stop.
 */
/** A chunk of the file at its position. */
export interface ChunkWrite {
  position: number;
  bytes: Uint8Array;
}

export interface ChunkStore {
  /**
   * Stores the chunks together: all of them or none. Must take its copies of the bytes before
   * returning: the writer reuses those buffers straight after.
   */
  put(chunks: readonly ChunkWrite[]): Promise<void>;
  /** The chunk stored at `position`, as a copy the writer may change. */
  get(position: number): Promise<Uint8Array | undefined>;
}

interface StoredChunk {
  position: number;
  length: number;
}

interface Patch {
  position: number;
  bytes: Uint8Array;
}

/** Chunks that begin within this many bytes of the file's start hold its header: the writer keeps a copy. */
const HEADER_BYTES = 4096;
/** Reopened ranges kept apart at most: a row carries them, and more become one range covering them all. */
const MAX_REOPENED_RANGES = 64;

export class ChunkWriter {
  private readonly stored: StoredChunk[] = [];
  private persistedEnd = 0;
  private pending = new Uint8Array(1 << 20);
  private pendingLength = 0;
  /**
   * The buffer the last chunk stored was gathered in, kept as that chunk's bytes until the next
   * flush hands it back for gathering: the two buffers take turns, so keeping it copies nothing.
   */
  private spare = new Uint8Array(1 << 20);
  private lastChunk: { position: number; bytes: Uint8Array } | null = null;
  /** Copies of the chunks that hold the file's header, by position. */
  private readonly headerChunks = new Map<number, Uint8Array>();
  private patches: Patch[] = [];
  private chain: Promise<void> = Promise.resolve();
  /** End of the bytes the store has confirmed; the stored file is intact up to here. */
  private confirmedEnd = 0;
  private broken: Error | null = null;
  /** The file's end when a write last went back over written bytes; null before any did. */
  private endAtRewrite: number | null = null;
  /** `endAtRewrite` as the last flush to complete found it: every rewrite behind it is stored. */
  private storedEndAtRewrite: number | null = null;
  /** Byte ranges [start, end) written again after they had settled (see `reopened`). */
  private readonly reopenedRanges: [number, number][] = [];

  constructor(private readonly store: ChunkStore) {}

  /** Bytes of the file so far, persisted or not. */
  get size(): number {
    return this.persistedEnd + this.pendingLength;
  }

  /** Bytes the store has confirmed: what a reader of the stored chunks gets, intact. */
  get persistedSize(): number {
    return this.confirmedEnd;
  }

  /**
   * Where the file's end was when a write last went back over bytes already written; null if none has.
   * A WebM muxer goes back to a cluster's size when the cluster closes, and the next cluster begins at
   * the end: bytes before this point are not written again until the file's header is, when it is
   * finished (docs/decisions/0015-podcast-tracks.md).
   */
  get endAtLastRewrite(): number | null {
    return this.endAtRewrite;
  }

  /**
   * `endAtLastRewrite` as the last completed flush found it: the rewrites behind it are stored, where
   * one made while a flush was under way (a cluster closing) is not until the next. What a reader of
   * the store may take as settled: a block read below it holds the bytes it will keep, unless the file's
   * finishing writes it again (`reopened`). Null only while no write has gone back at all, when every
   * byte stored counts as final; 0 after one has until a flush holding it is stored.
   */
  get storedSettled(): number | null {
    if (this.endAtRewrite === null) return null;
    return this.storedEndAtRewrite ?? 0;
  }

  /**
   * Byte ranges [start, end) written again after they had settled: below the end at the last rewrite
   * before them, or anywhere before any rewrite (when nothing had settled, every byte written counted
   * as final). A room's participant sends its track while it records and keeps each block's digest as
   * sent; once the file is finished only the blocks these ranges touch, and those never sent, need
   * reading again (docs/decisions/0015-podcast-tracks.md). A WebM muxer's are its header's few bytes.
   */
  get reopened(): readonly (readonly [number, number])[] {
    return this.reopenedRanges;
  }

  write(position: number, data: Uint8Array): void {
    const end = this.size;
    if (position > end) {
      this.append(new Uint8Array(position - end));
      this.append(data);
      return;
    }
    const overlap = Math.min(data.length, end - position);
    if (overlap > 0) {
      const reopenedEnd = Math.min(position + overlap, this.endAtRewrite ?? end);
      if (position < reopenedEnd) this.noteReopened(position, reopenedEnd);
      this.endAtRewrite = end;
      this.overwrite(position, data.subarray(0, overlap));
    }
    if (overlap < data.length) this.append(data.subarray(overlap));
  }

  /**
   * Persists everything written so far. Calls are serialised, so chunks land in order. After a
   * failed write every later flush fails too: storing bytes beyond a hole would make the stored
   * chunks read back as a file with a range silently missing. With `put`, this flush's chunks go
   * through it instead of the store (a finished file's last chunks, stored with the row that says it
   * is done); it is not called when there is nothing to store.
   */
  flush(put?: ChunkStore['put']): Promise<void> {
    const run = this.chain.then(() => this.flushNow(put));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async flushNow(put: ChunkStore['put'] | undefined): Promise<void> {
    if (this.broken) throw this.broken;
    try {
      await this.persistPending(put);
    } catch (error) {
      this.broken = error instanceof Error ? error : new Error(String(error));
      throw this.broken;
    }
  }

  private async persistPending(put: ChunkStore['put'] | undefined): Promise<void> {
    const patches = this.patches;
    this.patches = [];
    // Every write so far is in this flush: once it is stored, so are the rewrites behind this mark.
    const settling = this.endAtRewrite;
    const writes = await this.patchedChunks(patches);
    const length = this.pendingLength;
    const position = this.persistedEnd;
    if (length > 0) writes.push({ position, bytes: this.pending.subarray(0, length) });
    if (writes.length === 0) {
      this.storedEndAtRewrite = settling;
      return;
    }
    // The store copies the bytes as it is called, so the buffers are free again once it returns.
    const stored = put ? put(writes) : this.store.put(writes);
    if (length > 0) {
      // Book the range as stored before awaiting, so writes that arrive meanwhile and touch it
      // become patches applied on the next flush instead of edits to a buffer already taken.
      this.stored.push({ position, length });
      this.persistedEnd += length;
      this.pendingLength = 0;
      this.keepLastChunk(position, length);
    }
    await stored;
    if (length > 0) this.confirmedEnd = position + length;
    this.storedEndAtRewrite = settling;
  }

  /** The gathering buffer's bytes are now the last chunk stored: kept, and the other buffer gathers. */
  private keepLastChunk(position: number, length: number): void {
    const bytes = this.pending.subarray(0, length);
    if (position < HEADER_BYTES) this.headerChunks.set(position, bytes.slice());
    [this.pending, this.spare] = [this.spare, this.pending];
    this.lastChunk = { position, bytes };
  }

  /** Every stored chunk a patch touches, read once (kept bytes where the writer has them) with all its patches applied. */
  private async patchedChunks(patches: readonly Patch[]): Promise<ChunkWrite[]> {
    const chunks = new Map<number, Uint8Array>();
    for (const patch of patches) {
      const patchEnd = patch.position + patch.bytes.length;
      for (let index = this.firstChunkEndingAfter(patch.position); index < this.stored.length; index++) {
        const chunk = this.stored[index];
        if (!chunk || chunk.position >= patchEnd) break;
        let bytes = chunks.get(chunk.position);
        if (!bytes) {
          bytes = this.keptBytes(chunk.position) ?? (await this.store.get(chunk.position));
          if (!bytes) throw new Error(`Missing stored chunk at ${String(chunk.position)}`);
          chunks.set(chunk.position, bytes);
        }
        const from = Math.max(patch.position, chunk.position);
        const to = Math.min(patchEnd, chunk.position + chunk.length);
        bytes.set(patch.bytes.subarray(from - patch.position, to - patch.position), from - chunk.position);
      }
    }
    return [...chunks].map(([position, bytes]) => ({ position, bytes }));
  }

  /** A chunk's bytes as the writer keeps them, patched as they are stored; undefined for those it does not keep. */
  private keptBytes(position: number): Uint8Array | undefined {
    const header = this.headerChunks.get(position);
    if (header) return header;
    return this.lastChunk?.position === position ? this.lastChunk.bytes : undefined;
  }

  /** Index of the first stored chunk that ends after `position` (chunks are in position order). */
  private firstChunkEndingAfter(position: number): number {
    let low = 0;
    let high = this.stored.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const chunk = this.stored[middle];
      if (chunk && chunk.position + chunk.length <= position) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private append(data: Uint8Array): void {
    const needed = this.pendingLength + data.length;
    if (needed > this.pending.length) {
      const grown = new Uint8Array(Math.max(needed, this.pending.length * 2));
      grown.set(this.pending.subarray(0, this.pendingLength));
      this.pending = grown;
    }
    this.pending.set(data, this.pendingLength);
    this.pendingLength = needed;
  }

  /** Adds a reopened range, joined to the ranges it touches; past MAX_REOPENED_RANGES they become one. */
  private noteReopened(start: number, end: number): void {
    const ranges = this.reopenedRanges;
    let from = start;
    let to = end;
    const kept = ranges.filter(([a, b]) => {
      if (b < from || a > to) return true;
      from = Math.min(from, a);
      to = Math.max(to, b);
      return false;
    });
    kept.push([from, to]);
    ranges.length = 0;
    if (kept.length > MAX_REOPENED_RANGES) ranges.push([Math.min(...kept.map(([a]) => a)), Math.max(...kept.map(([, b]) => b))]);
    else ranges.push(...kept.sort((x, y) => x[0] - y[0]));
  }

  private overwrite(position: number, data: Uint8Array): void {
    const inStored = Math.max(0, Math.min(data.length, this.persistedEnd - position));
    if (inStored > 0) this.patches.push({ position, bytes: data.slice(0, inStored) });
    if (inStored < data.length) {
      const offset = position + inStored - this.persistedEnd;
      this.pending.set(data.subarray(inStored), offset);
    }
  }
}
