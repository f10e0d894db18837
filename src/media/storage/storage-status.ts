/**
 * Whether this tab's storage is usable, waits for another tab, or runs outdated code (see
 * db-connection). A store of its own, free of the storage code, so the app shell can show it on
 * every page without loading IndexedDB code on first visits.
 */
export type ConnectionStatus = 'ready' | 'waiting' | 'outdated';

let status: ConnectionStatus = 'ready';
const listeners = new Set<() => void>();

export const storageStatus = (): ConnectionStatus => status;

export function subscribeStorageStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportStorageStatus(next: ConnectionStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of [...listeners]) listener();
}
