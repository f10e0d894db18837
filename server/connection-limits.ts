import { takeAttempt, type RateRule } from '../src/features/room/signaling/rate-limit';

/** What one connection may send, per kind of request (sliding windows). */
export const CONNECTION_LIMITS = {
  /** Create and join requests. */
  join: { max: 10, windowMs: 60_000 },
  /** WebRTC negotiation: offers, answers and ICE candidates to every peer of a room of 8, with restarts. */
  signaling: { max: 600, windowMs: 10_000 },
  /** Approve, reject, kick, recording and settings changes. */
  host: { max: 60, windowMs: 10_000 },
  /** Leaving. */
  leave: { max: 10, windowMs: 10_000 },
} as const satisfies Record<string, RateRule>;

export type LimitKind = keyof typeof CONNECTION_LIMITS;

/** One connection's rate limits: a flood is refused without costing the server more than a check. */
export class ConnectionLimits {
  /** A plain object filled as kinds are used: most connections only ever join (an idle room's memory). */
  private readonly attempts: Partial<Record<LimitKind, number[]>> = {};

  allow(kind: LimitKind, now: number): boolean {
    const decision = takeAttempt(this.attempts[kind] ?? [], now, CONNECTION_LIMITS[kind]);
    this.attempts[kind] = decision.attempts;
    return decision.allowed;
  }
}
