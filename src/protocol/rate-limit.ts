/**
 * Per-user rate limits for creating and joining rooms; the numbers are ours. A user is this browser
 * profile: the attempt times live in localStorage, so reloading the page does not reset them. The
 * limits stop runaway loops and accidental hammering while never getting in the way of someone who
 * mistypes their name a few times:
 *
 * - creating a room: 5 per 10 minutes;
 * - joining (any Join Room press): 10 per minute.
 */

export interface RateRule {
  readonly max: number;
  readonly windowMs: number;
}

export const ROOM_CREATE_LIMIT: RateRule = { max: 5, windowMs: 10 * 60_000 };
export const ROOM_JOIN_LIMIT: RateRule = { max: 10, windowMs: 60_000 };

export interface RateDecision {
  allowed: boolean;
  /** The attempt times to store: the ones still inside the window, plus this one when allowed. */
  attempts: number[];
  /** When allowed is false, how long until the next attempt would be allowed. */
  retryAfterMs: number;
}

/** Decides one attempt at `now` against the earlier attempt times (sliding window). */
export function takeAttempt(previous: readonly number[], now: number, rule: RateRule): RateDecision {
  // Times in the future (a clock changed) are dropped rather than locking the user out.
  const recent = previous.filter((t) => Number.isFinite(t) && t > now - rule.windowMs && t <= now).sort((a, b) => a - b);
  if (recent.length >= rule.max) {
    const oldest = recent[recent.length - rule.max] ?? now;
    return { allowed: false, attempts: recent, retryAfterMs: Math.max(0, oldest + rule.windowMs - now) };
  }
  return { allowed: true, attempts: [...recent, now], retryAfterMs: 0 };
}
