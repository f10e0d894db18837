/**
 * Which stored recordings were interrupted. Pure: the rows come from IndexedDB and the ids of
 * recordings still being recorded come from the Web Locks their tabs hold.
 */
import type { RecordingRow } from '../../shared/storage/recordings-db';

export interface InterruptedRecordings {
  /** Never finished, no tab recording them, and bytes stored: offer Recover or Discard, newest first. */
  offer: RecordingRow[];
  /** Never finished and nothing stored (interrupted before the first second was saved): safe to delete. */
  empty: RecordingRow[];
}

export function interruptedRecordings(rows: readonly RecordingRow[], activeIds: ReadonlySet<string>): InterruptedRecordings {
  const unfinished = rows.filter((row) => row.state !== 'done' && !activeIds.has(row.id));
  return {
    offer: unfinished.filter((row) => row.size > 0).sort((a, b) => b.createdAt - a.createdAt),
    empty: unfinished.filter((row) => row.size === 0),
  };
}
