/**
 * Where the browser has no Web Locks, a recording's row is its heartbeat: every live recording
 * touches it (patchRecording sets updatedAt) at least every HEARTBEAT_MS, so a row untouched for
 * LIVE_WITHIN_MS belongs to a recording that was interrupted, never to one still running elsewhere.
 */
export const HEARTBEAT_MS = 2000;
export const LIVE_WITHIN_MS = 5 * HEARTBEAT_MS;
