/**
 * When to try a lost peer connection again (docs/decisions/0012-room-peer-connections.md): exponential
 * backoff from 1 s, doubling each attempt, plus up to 1 s of random spread so both sides do not retry
 * in lockstep; after 5 failed attempts the connection is given up (a permanently-failed event).
 */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_JITTER_MS = 1000;
export const MAX_RECONNECT_ATTEMPTS = 5;
export const CONNECTION_TIMEOUT_MS = 30_000;
export const STATS_INTERVAL_MS = 5000;

/**
 * Delay before reconnect attempt `attempt` (0 for the first), or null once the attempts are used
 * up. `random` is in [0, 1).
 */
export function reconnectDelay(attempt: number, random: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 0 || attempt >= MAX_RECONNECT_ATTEMPTS) return null;
  const spread = Math.min(Math.max(random, 0), 1) * RECONNECT_JITTER_MS;
  return RECONNECT_BASE_MS * 2 ** attempt + spread;
}
