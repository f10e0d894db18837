/**
 * Whether this browser may hold recordings, answered without loading the storage code: the
 * recovery notice (and IndexedDB access) is loaded only where there is something to look at.
 */
import { DB_NAME } from './db-name';

export async function mayHoldRecordings(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  // Browsers without databases() cannot say: look, to be safe.
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((db) => db.name === DB_NAME);
  } catch {
    return true;
  }
}
