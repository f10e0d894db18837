/**
 * What the browser says of this origin's storage: its quota and how much is used, or null when it
 * says nothing usable (no StorageManager in this context, older Safari, an estimate refused or
 * without a quota). Callers take null as "not known" and go on: a full disk is still caught where
 * a write fails, and nothing recorded is lost by it.
 */
export interface StorageFigures {
  quota: number;
  usage: number;
}

export async function storageEstimate(): Promise<StorageFigures | null> {
  // A page or a worker (whose navigator is a WorkerNavigator), either of which may lack it.
  const storage = (globalThis as { navigator?: { storage?: Partial<StorageManager> } }).navigator?.storage;
  if (typeof storage?.estimate !== 'function') return null;
  try {
    const { quota, usage } = await storage.estimate();
    if (typeof quota !== 'number' || !(quota > 0)) return null;
    return { quota, usage: typeof usage === 'number' && usage > 0 ? usage : 0 };
  } catch {
    return null;
  }
}
