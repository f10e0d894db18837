/**
 * How far a participant's clock is from the host's, estimated NTP-style over the track's data channel
 * (docs/decisions/0015-podcast-tracks.md): the host notes when it asked, the participant says what its
 * clock read when it answered, and the host notes when the answer came. Assuming the answer was read
 * half-way through the round trip, the participant's clock is ahead by `at - (sent + received) / 2`.
 * The round trip with the least time in queues bounds that guess best, so the shortest one wins.
 */

/** One round trip: host clock when asked and when answered, participant clock when it answered (ms). */
export interface ClockSample {
  sent: number;
  at: number;
  received: number;
}

export interface ClockOffset {
  /** Participant clock minus host clock, in milliseconds. */
  offsetMs: number;
  /** The round trip the estimate came from: the estimate is off by at most half of it. */
  roundTripMs: number;
}

/** The estimate from the shortest round trip, or null without a usable sample. */
export function estimateClockOffset(samples: readonly ClockSample[]): ClockOffset | null {
  let best: ClockOffset | null = null;
  for (const { sent, at, received } of samples) {
    const roundTripMs = received - sent;
    if (!Number.isFinite(roundTripMs) || !Number.isFinite(at) || roundTripMs < 0) continue;
    if (best && best.roundTripMs <= roundTripMs) continue;
    best = { offsetMs: at - (sent + received) / 2, roundTripMs };
  }
  return best;
}

/** A participant's instant (their clock, ms since the epoch) on the host's clock. */
export const onHostClock = (participantTime: number, offset: ClockOffset): number => participantTime - offset.offsetMs;
