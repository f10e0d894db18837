import { unwrap } from 'idb';
import { vi } from 'vitest';
import { openRecordingsDb } from '../../../src/media/storage/recordings-db';

/**
 * A spy on the transactions the recordings database begins (it calls through). Set on the connection's
 * own class, not the global `IDBDatabase`: test files share a worker's modules, and in one gate run the
 * global was another copy's, so a spy on it saw no transaction at all.
 */
export async function spyOnRecordingsTransactions() {
  const connection = Object.getPrototypeOf(unwrap(await openRecordingsDb())) as IDBDatabase;
  return vi.spyOn(connection, 'transaction');
}
