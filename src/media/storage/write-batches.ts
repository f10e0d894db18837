/**
 * Writes from many sources, in batches: whatever is added while batches are being written goes together
 * in the next one. On a busy page each transaction costs far more in waiting than in bytes, and
 * transactions over the same stores run one after another, so several writers each with a transaction
 * of its own make each one wait for all the others (docs/decisions/0015-podcast-tracks.md). A few
 * batches may be under way at once: the browser runs them in the order they began, and one queued
 * behind another keeps its storage busy while the page is slow to start the next.
 *
 * A batch starts only once the one before it has begun its transaction (`run` says so): the browser
 * orders transactions by when they began, whatever each did before. A write that counts on the ones of
 * its key added before it (`afterEarlier`) waits until every batch under way with a write of its key has
 * been written, and so do the later writes of its key; other keys' writes go on meanwhile (one track's
 * finished row does not wait for another's blocks). A batch that fails fails every write in it, and
 * every later write of the same key still waiting, until `clear`.
 */
export class WriteBatches<T extends { id: string }> {
  private queued: Queued<T>[] = [];
  private running = 0;
  /** A batch is under way that has not yet begun its transaction. */
  private starting = false;
  private scheduled = false;
  private readonly failed = new Map<string, unknown>();
  /** Per key, how many batches under way hold a write of it. */
  private readonly underWay = new Map<string, number>();

  /** Batches under way holding a write that goes `alone`. */
  private aloneUnderWay = 0;

  /**
   * `alone` says which writes only one batch under way at a time may hold: those added while one is
   * under way wait for it, and go together in the next. A write that reads before it writes (a row it
   * patches) costs a wait for the busy page in the middle of its transaction whatever else it holds,
   * and transactions over the same stores run one after another: the host's tracks' finishing writes,
   * each a transaction of its own, were written one after another, 0.4–1.1 s each.
   */
  constructor(
    private readonly run: (writes: T[], begun: () => void) => Promise<void>,
    private readonly maxRunning = 3,
    private readonly alone: (write: T) => boolean = () => false,
  ) {}

  add(write: T, { afterEarlier = false }: { afterEarlier?: boolean } = {}): Promise<void> {
    const failure = this.failed.get(write.id);
    if (failure !== undefined) return Promise.reject(toError(failure));
    return new Promise<void>((resolve, reject) => {
      this.queued.push({ write, afterEarlier, settle: (error) => (error === undefined ? resolve() : reject(toError(error))) });
      // Writes added in the same task go in the same batch.
      if (!this.scheduled) {
        this.scheduled = true;
        queueMicrotask(() => {
          this.scheduled = false;
          this.next();
        });
      }
    });
  }

  /** Writes of `id` are taken again (a new transfer of the same track). */
  clear(id: string): void {
    this.failed.delete(id);
  }

  private next(): void {
    this.queued = this.queued.filter(({ write, settle }) => {
      const failure = this.failed.get(write.id);
      if (failure !== undefined) settle(failure);
      return failure === undefined;
    });
    if (this.queued.length === 0 || this.running >= this.maxRunning || this.starting) return;
    // A write that waits for its key's batches under way holds the later writes of its key back with it.
    const held = new Set<string>();
    const batch: Queued<T>[] = [];
    const later: Queued<T>[] = [];
    for (const queued of this.queued) {
      const { id } = queued.write;
      if (held.has(id) || (queued.afterEarlier && this.underWay.has(id)) || (this.aloneUnderWay > 0 && this.alone(queued.write))) {
        held.add(id);
        later.push(queued);
      } else batch.push(queued);
    }
    if (batch.length === 0) return;
    this.queued = later;
    this.running += 1;
    this.starting = true;
    void this.write(batch);
  }

  private async write(batch: Queued<T>[]): Promise<void> {
    const ids = new Set(batch.map(({ write }) => write.id));
    for (const id of ids) this.underWay.set(id, (this.underWay.get(id) ?? 0) + 1);
    const alone = batch.some(({ write }) => this.alone(write));
    if (alone) this.aloneUnderWay += 1;
    const transaction = { begun: false };
    const hasBegun = () => {
      if (transaction.begun) return;
      transaction.begun = true;
      this.starting = false;
      this.next();
    };
    try {
      await this.run(
        batch.map(({ write }) => write),
        hasBegun,
      );
      for (const { settle } of batch) settle();
    } catch (error: unknown) {
      const failure = error ?? new Error('a write failed');
      for (const { write } of batch) this.failed.set(write.id, failure);
      for (const { settle } of batch) settle(failure);
    }
    this.running -= 1;
    if (alone) this.aloneUnderWay -= 1;
    for (const id of ids) {
      const count = (this.underWay.get(id) ?? 1) - 1;
      if (count > 0) this.underWay.set(id, count);
      else this.underWay.delete(id);
    }
    // One that failed before its transaction began lets the next start.
    if (!transaction.begun) {
      transaction.begun = true;
      this.starting = false;
    }
    this.next();
  }
}

interface Queued<T> {
  write: T;
  afterEarlier: boolean;
  settle: (error?: unknown) => void;
}

const toError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
