/**
 * Shares "this tab is recording" with the app's other tabs. A recording tab holds a Web Lock named
 * `framecast-activity:<random id>` (released by the browser if the tab crashes or closes) and
 * announces every change on a BroadcastChannel; each tab then asks the lock manager which such
 * locks are held. To notice a tab that went away without a word, a tab also queues for each lock
 * it saw held: the browser grants it the moment the holder lets go, and it looks again.
 */
import { heldLockNames, holdLockUntilReleased, locksAvailable, watchLock } from '../../shared/web-locks';

export const ACTIVITY_LOCK_PREFIX = 'framecast-activity:';
const CHANNEL_NAME = 'framecast-recording-activity';

export interface TabActivityLink {
  /** This tab started or stopped recording. */
  setRecordingHere(recording: boolean): void;
}

/** Whether any held lock is another tab's recording lock. Pure, for the unit tests. */
export function otherTabRecords(heldLockNames: readonly (string | undefined)[], ownLockName: string | null): boolean {
  return heldLockNames.some((name) => name !== undefined && name.startsWith(ACTIVITY_LOCK_PREFIX) && name !== ownLockName);
}

const supported = (): boolean => locksAvailable() && typeof BroadcastChannel !== 'undefined';

/**
 * Starts following the other tabs (`onOtherTabs` gets whether any of them records, on every
 * change) and returns the handle through which this tab reports its own recording.
 */
export function shareActivityAcrossTabs(onOtherTabs: (recording: boolean) => void): TabActivityLink {
  if (!supported()) return { setRecordingHere: () => undefined };
  const channel = new BroadcastChannel(CHANNEL_NAME);
  const waitingFor = new Set<string>();
  let ownLock: string | null = null;
  let releaseOwn: (() => void) | null = null;
  let looks = 0;

  const look = async (): Promise<void> => {
    // Looks can overlap; only the latest one's answer counts.
    const thisLook = ++looks;
    const names = await heldLockNames();
    for (const name of names) {
      if (!name.startsWith(ACTIVITY_LOCK_PREFIX) || name === ownLock || waitingFor.has(name)) continue;
      waitingFor.add(name);
      // Called once the holder releases it (stopped, closed or crashed).
      watchLock(name, () => {
        waitingFor.delete(name);
        lookSafely();
      });
    }
    if (thisLook === looks) onOtherTabs(otherTabRecords(names, ownLock));
  };
  const announce = () => {
    channel.postMessage('changed');
  };

  // The lock manager can refuse (a document being torn down); the next announcement looks again.
  const lookSafely = () => void look().catch(() => undefined);
  channel.onmessage = lookSafely;
  lookSafely();

  return {
    setRecordingHere(recording) {
      releaseOwn?.();
      releaseOwn = null;
      if (!recording) return;
      // A new name each time: a tab still queued for the last one must not stand in the way.
      const name = `${ACTIVITY_LOCK_PREFIX}${crypto.randomUUID()}`;
      ownLock = name;
      releaseOwn = holdLockUntilReleased(name, { onGranted: announce, onReleased: announce });
    },
  };
}
