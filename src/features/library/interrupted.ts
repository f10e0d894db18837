/**
 * Which stored recordings were interrupted. Pure: the rows come from IndexedDB, and which ones are
 * still being recorded comes from the Web Locks their tabs hold; where the browser has no Web
 * Locks, from each row's heartbeat (media/storage/heartbeat).
 */
import type { RecordingRow } from '../../media';

import { LIVE_WITHIN_MS } from '../../media';

export interface InterruptedRecordings {
  /** Never finished, no tab recording them, and bytes stored: offer Recover or Discard, newest first. */
  offer: RecordingRow[];
  /** Never finished and nothing stored (interrupted before the first second was saved): safe to delete. */
  empty: RecordingRow[];
}

/** How live recordings are known: the ids whose locks are held, or (no Web Locks) recent heartbeats at `now`. */
export type Liveness = { locks: ReadonlySet<string> } | { heartbeatsAt: number };

function isLive(row: RecordingRow, liveness: Liveness): boolean {
  return 'locks' in liveness ? liveness.locks.has(row.id) : liveness.heartbeatsAt - row.updatedAt < LIVE_WITHIN_MS;
}

export function interruptedRecordings(rows: readonly RecordingRow[], liveness: Liveness): InterruptedRecordings {
  const unfinished = rows.filter((row) => row.state !== 'done' && !isLive(row, liveness));
  return {
    offer: unfinished.filter((row) => row.size > 0).sort((a, b) => b.createdAt - a.createdAt),
    empty: unfinished.filter((row) => row.size === 0),
  };
}
