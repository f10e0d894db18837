/**
 * Web Locks as presence, for every part of the app that needs it (a recording in progress, a tab
 * that is recording, a participant in a room): a tab holds a named lock for as long as the thing
 * lasts, and the browser releases it when the tab closes or crashes. Another tab waiting for the
 * same lock is granted it at that moment, which is how departures are noticed without heartbeats.
 */
export type Release = () => void;

/** Web Locks exist here (every current browser; not in some embedded views). */
export const locksAvailable = (): boolean => typeof navigator !== 'undefined' && 'locks' in navigator;

/**
 * Holds `name` from now until the returned function is called (calling it again is harmless).
 * `onGranted` runs once the lock is held, `onReleased` once it has been let go. Without Web Locks
 * nothing is held and the callbacks never run.
 */
export function holdLockUntilReleased(name: string, callbacks: { onGranted?: () => void; onReleased?: () => void } = {}): Release {
  let release: Release = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  if (locksAvailable()) {
    void navigator.locks
      .request(name, () => {
        callbacks.onGranted?.();
        return held;
      })
      .then(callbacks.onReleased, () => undefined);
  }
  return release;
}

/** Jobs waiting on each name here, where Web Locks are missing: one realm's jobs are still taken in turn. */
const localTurns = new Map<string, Promise<unknown>>();

/**
 * Runs `job` holding `name` exclusively across this origin's tabs and workers: jobs under one name
 * run one after another. Without Web Locks, only this realm's jobs are kept apart.
 */
export function exclusively<T>(name: string, job: () => Promise<T>): Promise<T> {
  if (locksAvailable()) return navigator.locks.request(name, job);
  const turn = (localTurns.get(name) ?? Promise.resolve()).then(job);
  const settled = turn.catch(() => undefined);
  localTurns.set(name, settled);
  void settled.then(() => {
    if (localTurns.get(name) === settled) localTurns.delete(name);
  });
  return turn;
}

/** Names of the locks some live tab of this origin holds now. */
export async function heldLockNames(): Promise<string[]> {
  if (!locksAvailable()) return [];
  const { held = [] } = await navigator.locks.query();
  return held.flatMap((lock) => (lock.name === undefined ? [] : [lock.name]));
}

/** Holds a Web Lock until the returned function is called; resolves null when `ifAvailable` found it taken. */
export async function holdLock(name: string, ifAvailable: boolean): Promise<Release | null> {
  return new Promise<Release | null>((resolveHeld, rejectHeld) => {
    navigator.locks
      .request(name, { ifAvailable }, (lock) => {
        if (!lock) {
          resolveHeld(null);
          return undefined;
        }
        return new Promise<void>((release) => {
          resolveHeld(() => {
            release();
          });
        });
      })
      .catch(rejectHeld);
  });
}

/**
 * Calls `onGone` once the lock's holder lets go (its tab left, closed or crashed), unless aborted
 * first. The watcher is granted the lock for a moment; `onGone` runs after it has let go again, so
 * a look at the held locks from `onGone` does not find the watcher itself.
 */
export function watchLock(name: string, onGone: () => void): AbortController {
  const controller = new AbortController();
  navigator.locks
    .request(name, { signal: controller.signal }, () => undefined)
    .then(() => {
      if (!controller.signal.aborted) onGone();
    })
    .catch(() => undefined); // aborted: the watch is no longer needed
  return controller;
}

/** A set of lock watches by key, kept in step with who is to be watched. */
export class LockWatches {
  private readonly watches = new Map<string, AbortController>();

  /** Watches one lock under `key` (replacing an earlier watch); `onGone` runs once its holder lets go. */
  watch(key: string, lockName: string, onGone: () => void): void {
    this.watches.get(key)?.abort();
    this.watches.set(
      key,
      watchLock(lockName, () => {
        this.watches.delete(key);
        onGone();
      }),
    );
  }

  /** Watches every key in `keys` not watched yet, and stops watching keys no longer in it. */
  sync(keys: ReadonlySet<string>, lockName: (key: string) => string, onGone: (key: string) => void): void {
    for (const [key, watch] of this.watches) {
      if (keys.has(key)) continue;
      watch.abort();
      this.watches.delete(key);
    }
    for (const key of keys) {
      if (!this.watches.has(key))
        this.watch(key, lockName(key), () => {
          onGone(key);
        });
    }
  }

  clear(): void {
    for (const watch of this.watches.values()) watch.abort();
    this.watches.clear();
  }
}
