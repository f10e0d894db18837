/**
 * An MP4 export or a trim writes its file's chunks before the file has a library row (only a
 * complete file gets one), so a startup sweep in another tab would take them for orphans and
 * delete them under the running job. Jobs hold this lock shared for as long as they run; the sweep
 * takes it exclusively, and only if it is free: while a job runs in any tab, a page load skips the
 * sweep and a later one does it. Without Web Locks, both simply run.
 */
import { locksAvailable } from '../../shared/web-locks';

/** The lock's name (tests that write rowless chunks as a job does hold it too). */
export const ROWLESS_WRITES_LOCK = 'framecast-rowless-writes';

/** Runs `job` holding the lock shared (jobs never wait for each other; only a sweep waits for them). */
export function whileWritingRowless<T>(job: () => Promise<T>): Promise<T> {
  if (!locksAvailable()) return job();
  return navigator.locks.request(ROWLESS_WRITES_LOCK, { mode: 'shared' }, job);
}

/** Runs `sweep` unless a job is writing chunks without a row somewhere: then resolves `skipped`. */
export function unlessRowlessWritesRun<T>(sweep: () => Promise<T>): Promise<T | 'skipped'> {
  if (!locksAvailable()) return sweep();
  return navigator.locks.request(ROWLESS_WRITES_LOCK, { mode: 'exclusive', ifAvailable: true }, (lock) => (lock ? sweep() : 'skipped'));
}
