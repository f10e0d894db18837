/** How much recording the free storage holds. Pure, so the warning rule is unit-tested. */

/** Below this much recording time left, Start warns before recording. */
export const LOW_STORAGE_MINUTES = 10;

export interface StorageBudget {
  freeBytes: number;
  /** Whole minutes of recording that fit at the given bitrates. */
  minutes: number;
  low: boolean;
}

export function storageBudget(quota: number, usage: number, videoBitsPerSecond: number, audioBitsPerSecond: number): StorageBudget {
  const freeBytes = Math.max(0, quota - usage);
  const bytesPerMinute = ((videoBitsPerSecond + audioBitsPerSecond) / 8) * 60;
  const minutes = bytesPerMinute > 0 ? Math.floor(freeBytes / bytesPerMinute) : Infinity;
  return { freeBytes, minutes, low: minutes < LOW_STORAGE_MINUTES };
}
