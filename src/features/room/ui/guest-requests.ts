/** Texts of the Guest Approval dialog. */

/** The request time as a clock time ("14:03:07"), or "just now" when the time is missing or invalid. */
export function requestTimeLabel(requestedAt: unknown, locale?: string): string {
  if (typeof requestedAt !== 'number' && typeof requestedAt !== 'string') return 'just now';
  const date = new Date(requestedAt);
  if (Number.isNaN(date.getTime())) return 'just now';
  return date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** "1 person wants to join the room." / "3 people want to join the room." */
export function pendingSummary(count: number): string {
  return count === 1 ? '1 person wants to join the room.' : `${String(count)} people want to join the room.`;
}

export const NO_REQUESTS = 'No pending guest requests.';
export const ALL_PROCESSED = 'All join requests have been processed.';

/** The empty state: nothing ever came in, or everything that came in was handled. */
export function emptyRequestsText(handledRequests: number): string {
  return handledRequests > 0 ? ALL_PROCESSED : NO_REQUESTS;
}
