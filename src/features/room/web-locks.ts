/**
 * Web Locks as presence: a tab holds a named lock for as long as it is in a room, and the browser
 * releases it when the tab leaves, closes or crashes. Another tab waiting for the same lock is
 * granted it at that moment, which is how departures are noticed without heartbeats.
 */
export type Release = () => void;

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

/** Calls `onGone` once the lock's holder lets go (its tab left, closed or crashed), unless aborted first. */
export function watchLock(name: string, onGone: () => void): AbortController {
  const controller = new AbortController();
  navigator.locks
    .request(name, { signal: controller.signal }, () => {
      if (!controller.signal.aborted) onGone();
    })
    .catch(() => undefined); // aborted: the watch is no longer needed
  return controller;
}
