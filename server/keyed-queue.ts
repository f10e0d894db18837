/**
 * Runs tasks for one key one after another, and tasks for different keys side by side. A room's
 * changes on one node then never race each other for the store, and a connection's requests are
 * handled in the order it sent them. A key with nothing queued costs nothing.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Resolves once everything queued so far has finished (for a node shutting down). */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all([...this.tails.values()]);
  }

  get size(): number {
    return this.tails.size;
  }
}
