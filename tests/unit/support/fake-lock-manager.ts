/**
 * An in-memory Web Locks manager for unit tests (Node has BroadcastChannel but no navigator.locks),
 * with the parts of the standard the app uses: exclusive locks granted in request order, ifAvailable,
 * an AbortSignal that withdraws a waiting request, a lock held until its callback's promise settles,
 * and query(). Every instance of the code under test in one test shares it, as tabs of one origin do.
 */
import { toError } from '../../../src/shared/error-identity';

interface Waiter {
  name: string;
  grant: () => void;
  signal: AbortSignal | undefined;
}

export class FakeLockManager {
  private readonly held = new Set<string>();
  private waiting: Waiter[] = [];

  request<T>(name: string, optionsOrCallback: LockOptions | ((lock: Lock | null) => T), maybeCallback?: (lock: Lock | null) => T): Promise<unknown> {
    const options = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
    const callback = (typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback) as (lock: Lock | null) => T;
    if (options.signal?.aborted) return Promise.reject(new DOMException('The request was aborted.', 'AbortError'));
    if (options.ifAvailable && this.held.has(name)) return Promise.resolve().then(() => callback(null));
    return new Promise<unknown>((resolve, reject) => {
      const waiter: Waiter = {
        name,
        signal: options.signal,
        grant: () => {
          this.held.add(name);
          let result: T;
          try {
            result = callback({ name, mode: 'exclusive' });
          } catch (error) {
            this.release(name);
            reject(toError(error));
            return;
          }
          void Promise.resolve(result).then(
            (value) => {
              this.release(name);
              resolve(value);
            },
            (error: unknown) => {
              this.release(name);
              reject(toError(error));
            },
          );
        },
      };
      options.signal?.addEventListener('abort', () => {
        if (!this.waiting.includes(waiter)) return;
        this.waiting = this.waiting.filter((w) => w !== waiter);
        reject(new DOMException('The request was aborted.', 'AbortError'));
      });
      this.waiting.push(waiter);
      this.grantFree();
    });
  }

  query(): Promise<LockManagerSnapshot> {
    return Promise.resolve({
      held: [...this.held].map((name) => ({ name, mode: 'exclusive' as const })),
      pending: this.waiting.map((w) => ({ name: w.name, mode: 'exclusive' as const })),
    });
  }

  isHeld(name: string): boolean {
    return this.held.has(name);
  }

  private release(name: string): void {
    this.held.delete(name);
    this.grantFree();
  }

  private grantFree(): void {
    for (const waiter of [...this.waiting]) {
      if (this.held.has(waiter.name) || !this.waiting.includes(waiter)) continue;
      this.waiting = this.waiting.filter((w) => w !== waiter);
      queueMicrotask(waiter.grant);
      this.held.add(waiter.name); // reserved until the grant runs, so a second waiter is not granted too
    }
  }
}
