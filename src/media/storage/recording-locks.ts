/**
 * A tab holds a Web Lock named after the recording while it records. Locks are released when a
 * tab crashes or closes, so "not done and not locked" is exactly "interrupted", across tabs.
 */
import { heldLockNames, holdLockUntilReleased, type Release } from '../../shared/web-locks';

const PREFIX = 'framecast-recording:';

export const recordingLockName = (id: string): string => `${PREFIX}${id}`;

export function idFromLockName(name: string | undefined): string | null {
  return name?.startsWith(PREFIX) ? name.slice(PREFIX.length) : null;
}

/** Holds the recording's lock until the returned function is called (calling it again is harmless). */
export function holdRecordingLock(id: string): Release {
  return holdLockUntilReleased(recordingLockName(id));
}

/** Ids of the recordings some live tab of this origin is recording right now. */
export async function heldRecordingIds(): Promise<Set<string>> {
  return new Set((await heldLockNames()).map(idFromLockName).filter((id): id is string => id !== null));
}
