/**
 * A tab holds a Web Lock named after the recording while it records. Locks are released when a
 * tab crashes or closes, so "not done and not locked" is exactly "interrupted", across tabs.
 */
const PREFIX = 'framecast-recording:';

export const recordingLockName = (id: string): string => `${PREFIX}${id}`;

export function idFromLockName(name: string | undefined): string | null {
  return name?.startsWith(PREFIX) ? name.slice(PREFIX.length) : null;
}

/** Holds the recording's lock until the returned function is called (calling it again is harmless). */
export function holdRecordingLock(id: string): () => void {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  if ('locks' in navigator) void navigator.locks.request(recordingLockName(id), () => held);
  return release;
}

/** Ids of the recordings some live tab of this origin is recording right now. */
export async function heldRecordingIds(): Promise<Set<string>> {
  if (!('locks' in navigator)) return new Set();
  const { held = [] } = await navigator.locks.query();
  return new Set(held.map((lock) => idFromLockName(lock.name)).filter((id): id is string => id !== null));
}
