import { describe, expect, it } from 'vitest';
import { nextDeadline } from '../../src/media/worker/frame-clock';

/** Runs ticks that fire at the given times and returns the deadlines the clock set after each. */
function deadlines(firedAt: number[], interval: number): number[] {
  let deadline = 0;
  return firedAt.map((now) => (deadline = nextDeadline(deadline, now, interval)));
}

describe('frame pacing', () => {
  it('keeps an absolute grid when timers fire a little late, so lateness never adds up', () => {
    // 30 fps; every timer fires 5 ms late.
    expect(deadlines([5, 38.33, 71.67, 105], 1000 / 30).map(Math.round)).toEqual([33, 67, 100, 133]);
  });

  it('after a stall longer than a frame, resumes one interval after the late tick instead of bursting', () => {
    const after = deadlines([0, 500], 40);
    expect(after[1]).toBe(540);
  });

  it('a tick less than a frame late stays on the grid', () => {
    // Due at 40, fired at 75: next due at 80, and the tick after that is not skipped.
    expect(deadlines([0, 75], 40)).toEqual([40, 80]);
  });

  it('follows a new interval from the next deadline on (a frame-rate step)', () => {
    let deadline = nextDeadline(0, 0, 1000 / 30);
    deadline = nextDeadline(deadline, deadline, 1000 / 15);
    expect(deadline).toBeCloseTo(1000 / 30 + 1000 / 15, 6);
  });
});
