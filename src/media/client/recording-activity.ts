/**
 * Whether a recording is running in any of the app's tabs. The studio (and the room) report their
 * own; the app's update prompt reads it, because a new version must not take over while anything
 * records: accepting it in one tab activates the new service worker for every tab, and its cache
 * cleanup deletes the old version's files that a recording tab may still need.
 *
 * Across tabs (src/media/client/recording-activity-tabs.ts): a recording tab holds a Web Lock and says
 * so on a BroadcastChannel; the others count the held locks. A tab that crashes or closes loses its
 * lock, so it can never leave the others believing it still records.
 */
import { shareActivityAcrossTabs, type TabActivityLink } from './recording-activity-tabs';

type Listener = () => void;

const listeners = new Set<Listener>();
const sources = new Set<string>();
let inOtherTab = false;
let link: TabActivityLink | null = null;
let storageHold: Promise<() => void> | null = null;

function tabs(): TabActivityLink {
  link ??= shareActivityAcrossTabs((recording) => {
    track(() => {
      inOtherTab = recording;
    });
  });
  return link;
}

/** Runs a change and tells the listeners if it changed the answer of isRecordingActive(). */
function track(change: () => void): void {
  const before = isRecordingActive();
  change();
  if (before !== isRecordingActive()) for (const listener of [...listeners]) listener();
}

/** `source` names who records ("studio", "room"), so one finishing does not clear the other. */
export function setRecordingActive(source: string, active: boolean): void {
  const wasRecordingHere = sources.size > 0;
  track(() => {
    if (active) sources.add(source);
    else sources.delete(source);
  });
  if (wasRecordingHere === sources.size > 0) return;
  tabs().setRecordingHere(sources.size > 0);
  // Until this tab's recording is saved, a newer app version in another tab waits to upgrade storage.
  // Imported on demand: pages that never record keep the storage code out of their first load.
  if (sources.size > 0) storageHold = import('../storage/recordings-db').then((storage) => storage.holdRecordingsDb());
  else void storageHold?.then((release) => {
    release();
  });
}

/** True while this tab or another tab of the app records. */
export function isRecordingActive(): boolean {
  return sources.size > 0 || inOtherTab;
}

export function subscribeRecordingActivity(listener: Listener): () => void {
  // Listening is what needs the other tabs' state, so start following them now.
  tabs();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
