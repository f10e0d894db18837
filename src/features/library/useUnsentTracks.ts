import { useMemo, useSyncExternalStore } from 'react';
import { parsePendingTracks, storedPendingTracks, watchPendingTracks } from '../room';

/**
 * This browser's own room tracks that have not reached their host yet (docs/decisions/0015-podcast-tracks.md),
 * as recording id → room id. The list lives in localStorage: another tab's change arrives as a
 * `storage` event, and every render reads it again, so a library refresh sees this tab's changes too.
 */
export function useUnsentTracks(): ReadonlyMap<string, string> {
  // Prerendered pages have no storage: nothing is unsent until the browser reads it.
  const stored = useSyncExternalStore(watchPendingTracks, storedPendingTracks, () => null);
  return useMemo(() => new Map(parsePendingTracks(stored).map((track) => [track.recordingId, track.roomId])), [stored]);
}
