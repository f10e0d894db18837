import { describe, expect, it } from 'vitest';
import { estimateClockOffset, onHostClock, type ClockSample } from '../../src/features/room/tracks/clock-offset';

/** A round trip between a host and a participant whose clock is `skew` ms ahead, with one-way delays `out` and `back`. */
function roundTrip(sent: number, skew: number, out: number, back: number): ClockSample {
  return { sent, at: sent + out + skew, received: sent + out + back };
}

describe('the participant’s clock on the host’s', () => {
  it('is found exactly when the way there and back take as long', () => {
    const offset = estimateClockOffset([roundTrip(1000, 5_000, 20, 20)]);
    expect(offset).toEqual({ offsetMs: 5_000, roundTripMs: 40 });
    expect(onHostClock(20_000, offset ?? { offsetMs: 0, roundTripMs: 0 })).toBe(15_000);
  });

  it('takes the shortest round trip, whose error is at most half of it, over ones slowed by queued blocks', () => {
    const samples = [roundTrip(0, -3_000, 400, 10), roundTrip(500, -3_000, 6, 4), roundTrip(900, -3_000, 10, 250)];
    const offset = estimateClockOffset(samples);
    expect(offset?.roundTripMs).toBe(10);
    expect(Math.abs((offset?.offsetMs ?? 0) - -3_000)).toBeLessThanOrEqual(5);
  });

  it('has no estimate without a round trip that makes sense', () => {
    expect(estimateClockOffset([])).toBeNull();
    expect(estimateClockOffset([{ sent: 10, at: 5, received: 9 }, { sent: 0, at: Number.NaN, received: 4 }])).toBeNull();
  });
});
