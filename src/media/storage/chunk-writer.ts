/**
 * Turns the muxer's positioned writes into a few durable chunks. Appends are gathered in memory
 * and persisted as one chunk per flush (the recorder flushes four times a second, so a crash loses
 * at most that much); writes that land on bytes already persisted (the muxer patching the header's
 * duration and seek head at the end) rewrite the affected chunks in place, so the stored chunks in
 * position order are always exactly the file.
 */
export interface ChunkStore {
  /** Must take its copy of `bytes` before returning: the writer reuses that buffer straight after. */
  put(position: number, bytes: Uint8Array): Promise<void>;
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

export class ChunkWriter {
  private readonly stored: StoredChunk[] = [];
  private persistedEnd = 0;
  private pending = new Uint8Array(1 << 20);
  private pendingLength = 0;
  private patches: Patch[] = [];
  private chain: Promise<void> = Promise.resolve();
  /** End of the bytes the store has confirmed; the stored file is intact up to here. */
  private confirmedEnd = 0;
  private broken: Error | null = null;
  /** The file's end when a write last went back over written bytes; null before any did. */
  private endAtRewrite: number | null = null;

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

  write(position: number, data: Uint8Array): void {
    const end = this.size;
    if (position > end) {
      this.append(new Uint8Array(position - end));
      this.append(data);
      return;
    }
    const overlap = Math.min(data.length, end - position);
    if (overlap > 0) {
      this.endAtRewrite = end;
      this.overwrite(position, data.subarray(0, overlap));
    }
    if (overlap < data.length) this.append(data.subarray(overlap));
  }

  /**
   * Persists everything written so far. Calls are serialised, so chunks land in order. After a
   * failed write every later flush fails too: storing bytes beyond a hole would make the stored
   * chunks read back as a file with a range silently missing.
   */
  flush(): Promise<void> {
    const run = this.chain.then(() => this.flushNow());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async flushNow(): Promise<void> {
    if (this.broken) throw this.broken;
    try {
      await this.persistPending();
    } catch (error) {
      this.broken = error instanceof Error ? error : new Error(String(error));
      throw this.broken;
    }
  }

  private async persistPending(): Promise<void> {
    const patches = this.patches;
    this.patches = [];
    for (const patch of patches) await this.applyStoredPatch(patch);
    if (this.pendingLength === 0) return;
    const length = this.pendingLength;
    const position = this.persistedEnd;
    // The store copies the bytes as it is called, so the buffer is refilled from the start with no
    // copy of our own: a slice here was one more 2 MB buffer per flush for the collector.
    const stored = this.store.put(position, this.pending.subarray(0, length));
    // Book the range as stored before awaiting, so writes that arrive meanwhile and touch it
    // become patches applied on the next flush instead of edits to a buffer already taken.
    this.stored.push({ position, length });
    this.persistedEnd += length;
    this.pendingLength = 0;
    await stored;
    this.confirmedEnd = position + length;
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

  private overwrite(position: number, data: Uint8Array): void {
    const inStored = Math.max(0, Math.min(data.length, this.persistedEnd - position));
    if (inStored > 0) this.patches.push({ position, bytes: data.slice(0, inStored) });
    if (inStored < data.length) {
      const offset = position + inStored - this.persistedEnd;
      this.pending.set(data.subarray(inStored), offset);
    }
  }

  private async applyStoredPatch(patch: Patch): Promise<void> {
    const patchEnd = patch.position + patch.bytes.length;
    for (const chunk of this.stored) {
      const chunkEnd = chunk.position + chunk.length;
      if (chunkEnd <= patch.position || chunk.position >= patchEnd) continue;
      const current = await this.store.get(chunk.position);
      if (!current) throw new Error(`Missing stored chunk at ${String(chunk.position)}`);
      const updated = current.slice();
      const from = Math.max(patch.position, chunk.position);
      const to = Math.min(patchEnd, chunkEnd);
      updated.set(patch.bytes.subarray(from - patch.position, to - patch.position), from - chunk.position);
      await this.store.put(chunk.position, updated);
    }
  }
}
