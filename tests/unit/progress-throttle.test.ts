import { describe, expect, it } from 'vitest';
import { throttleProgress } from '../../src/shared/progress-throttle';

function harness(intervalMs: number) {
  let clock = 0;
  const reported: number[] = [];
  const report = throttleProgress((fraction) => reported.push(fraction), intervalMs, () => clock);
  return {
    reported,
    at: (ms: number, fraction: number) => {
      clock = ms;
      report(fraction);
    },
  };
}

describe('throttleProgress', () => {
  it('passes the first report, then one per interval', () => {
    const { reported, at } = harness(250);
    for (let ms = 0; ms <= 1000; ms += 10) at(ms, ms / 2000);
    expect(reported).toEqual([0, 0.125, 0.25, 0.375, 0.5]);
  });

  it('always passes the end, however soon it comes', () => {
    const { reported, at } = harness(250);
    at(0, 0.2);
    at(5, 0.9);
    at(6, 1);
    expect(reported).toEqual([0.2, 1]);
  });

  it('does not repeat a value it already passed', () => {
    const { reported, at } = harness(250);
    at(0, 1);
    at(1000, 1);
    at(2000, 0.5);
    at(2001, 0.5);
    expect(reported).toEqual([1, 0.5]);
  });
});
