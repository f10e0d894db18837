/**
 * Writes from many sources, one batch at a time: whatever is added while a batch is being written
 * goes together in the next one. On a busy page each transaction costs far more in waiting than in
 * bytes, and transactions over the same stores run one after another, so several writers each with a
 * transaction of its own make each one wait for all the others (docs/decisions/0015-podcast-tracks.md).
 *
 * A batch that fails fails every write in it, and every later write of the same key until `clear`:
 * a write may count on the ones of its key added before it, as if each key had a queue of its own.
 */
export class WriteBatches<T extends { id: string }> {
  private queued: { write: T; settle: (error?: unknown) => void }[] = [];
  private running = false;
  private readonly failed = new Map<string, unknown>();

  constructor(private readonly run: (writes: T[]) => Promise<void>) {}

  add(write: T): Promise<void> {
    const failure = this.failed.get(write.id);
    if (failure !== undefined) return Promise.reject(toError(failure));
    return new Promise<void>((resolve, reject) => {
      this.queued.push({ write, settle: (error) => (error === undefined ? resolve() : reject(toError(error))) });
      // Writes added in the same task go in the same batch.
      if (!this.running) {
        this.running = true;
        queueMicrotask(() => void this.next());
      }
    });
  }

  /** Writes of `id` are taken again (a new transfer of the same track). */
  clear(id: string): void {
    this.failed.delete(id);
  }

  private async next(): Promise<void> {
    while (this.queued.length > 0) {
      const batch = this.queued.filter(({ write, settle }) => {
        const failure = this.failed.get(write.id);
        if (failure !== undefined) settle(failure);
        return failure === undefined;
      });
      this.queued = [];
      if (batch.length === 0) continue;
      try {
        await this.run(batch.map(({ write }) => write));
        for (const { settle } of batch) settle();
      } catch (error: unknown) {
        for (const { write } of batch) this.failed.set(write.id, error ?? new Error('a write failed'));
        for (const { settle } of batch) settle(error ?? new Error('a write failed'));
      }
    }
    this.running = false;
  }
}

const toError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
