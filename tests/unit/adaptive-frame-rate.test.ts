import { describe, expect, it } from 'vitest';
import {
  AVERAGE_WINDOW_MS,
  FrameCostWindow,
  FrameRateGovernor,
  MIN_FPS,
  nextFrameRate,
} from '../../src/features/recording/adaptive-frame-rate';

describe('nextFrameRate', () => {
  it('exposes the documented constants', () => {
    expect(MIN_FPS).toBe(15);
    expect(AVERAGE_WINDOW_MS).toBe(5000);
  });

  it('keeps 30 fps while frames are cheap', () => {
    let fps = 30;
    for (let i = 0; i < 10; i++) fps = nextFrameRate(fps, 30, 5);
    expect(fps).toBe(30);
  });

  it('steps down to the highest rate that keeps cost within 80% of the budget', () => {
    // 800 / 40 = 20 fps, whose 50 ms budget puts 40 ms at exactly 80%.
    expect(nextFrameRate(30, 30, 40)).toBe(20);
    // 800 / 30 = 26.7 → 26
    expect(nextFrameRate(30, 30, 30)).toBe(26);
  });

  it('never drops below MIN_FPS', () => {
    expect(nextFrameRate(30, 30, 100)).toBe(15);
    expect(nextFrameRate(30, 30, Number.POSITIVE_INFINITY)).toBe(15);
  });

  it('keeps the rate when cost sits between the two thresholds', () => {
    // 30 fps budget 33.3 ms: 26.67 ms is 80% → not above; 35 fps budget 28.6 ms: 50% is 14.3 ms.
    expect(nextFrameRate(30, 30, 26)).toBe(30);
    expect(nextFrameRate(20, 30, 20)).toBe(20);
    expect(nextFrameRate(20, 30, 40)).toBe(20);
  });

  it('recovers in steps of 5 up to the target', () => {
    const rates: number[] = [];
    let fps = 15;
    for (let i = 0; i < 5; i++) {
      fps = nextFrameRate(fps, 30, 10);
      rates.push(fps);
    }
    expect(rates).toEqual([20, 25, 30, 30, 30]);
  });

  it('needs clear headroom before stepping up', () => {
    // 25 fps: 50% of the 25 fps budget is 20 ms, so 19.9 steps up and 20 does not.
    expect(nextFrameRate(20, 30, 19.9)).toBe(25);
    expect(nextFrameRate(20, 30, 20)).toBe(20);
  });

  it('works with a 60 fps target', () => {
    expect(nextFrameRate(60, 60, 5)).toBe(60);
    expect(nextFrameRate(60, 60, 10)).toBe(60);
    expect(nextFrameRate(60, 60, 20)).toBe(40);
    const rates: number[] = [];
    let fps = 40;
    for (let i = 0; i < 5; i++) {
      fps = nextFrameRate(fps, 60, 5);
      rates.push(fps);
    }
    expect(rates).toEqual([45, 50, 55, 60, 60]);
  });

  it('clamps an out-of-range current rate', () => {
    expect(nextFrameRate(90, 30, 20)).toBe(30);
    expect(nextFrameRate(5, 30, 30)).toBe(15);
  });

  it('returns the target when it is below MIN_FPS', () => {
    expect(nextFrameRate(10, 10, 200)).toBe(10);
    expect(nextFrameRate(10, 10, 1)).toBe(10);
  });

  it('keeps the current rate when the cost is unknown', () => {
    expect(nextFrameRate(25, 30, Number.NaN)).toBe(25);
  });

  it('always returns an integer', () => {
    for (const cost of [0, 1.3, 7.7, 13.1, 27.9, 33.4, 51.2, 77.7]) {
      for (const current of [15, 22, 30, 47, 60]) {
        expect(Number.isInteger(nextFrameRate(current, 60, cost))).toBe(true);
      }
    }
  });
});

describe('FrameCostWindow', () => {
  it('is empty to begin with', () => {
    const w = new FrameCostWindow();
    expect(w.average()).toBeNull();
    expect(w.span()).toBe(0);
  });

  it('averages the samples and reports their span', () => {
    const w = new FrameCostWindow();
    w.add(0, 10);
    w.add(1000, 20);
    w.add(2000, 30);
    expect(w.average()).toBe(20);
    expect(w.span()).toBe(2000);
  });

  it('drops samples older than 5 s from the latest one', () => {
    const w = new FrameCostWindow();
    w.add(0, 100);
    w.add(1000, 10);
    w.add(6000, 20);
    // The 0 ms sample is 6 s old; the 1000 ms one is exactly 5 s old and stays.
    expect(w.average()).toBe(15);
    expect(w.span()).toBe(5000);
    w.add(6001, 30);
    expect(w.average()).toBe(25);
    expect(w.span()).toBe(1);
  });

  it('honours a custom window', () => {
    const w = new FrameCostWindow(100);
    w.add(0, 50);
    w.add(150, 10);
    expect(w.average()).toBe(10);
    expect(w.span()).toBe(0);
  });

  it('lets an expensive burst age out so the rate can recover', () => {
    const w = new FrameCostWindow();
    for (let t = 0; t < 1000; t += 100) w.add(t, 60);
    expect(nextFrameRate(30, 30, w.average() ?? 0)).toBe(15);
    for (let t = 1000; t <= 7000; t += 100) w.add(t, 8);
    expect(w.average()).toBe(8);
    expect(nextFrameRate(15, 30, w.average() ?? 0)).toBe(20);
  });
});

describe('FrameRateGovernor', () => {
  it('waits for a full second of costs, then changes the rate at most once a second', () => {
    const governor = new FrameRateGovernor(30);
    const changes: (number | null)[] = [];
    for (let t = 0; t <= 2000; t += 100) changes.push(governor.record(t, 60));
    // 60 ms frames leave a 30 fps budget far behind: one drop to the floor, at the 1 s mark.
    expect(changes.filter((c) => c !== null)).toEqual([15]);
    expect(changes.indexOf(15)).toBe(10);
    expect(governor.current).toBe(15);
  });

  it('climbs back in steps once frames are cheap again, and reset starts afresh', () => {
    const governor = new FrameRateGovernor(30);
    for (let t = 0; t <= 1000; t += 100) governor.record(t, 60);
    expect(governor.current).toBe(15);
    const ups: number[] = [];
    for (let t = 1100; t <= 12_000; t += 100) {
      const next = governor.record(t, 5);
      if (next !== null) ups.push(next);
    }
    expect(ups).toEqual([20, 25, 30]);
    governor.reset(24);
    expect(governor.current).toBe(24);
    expect(governor.record(0, 60)).toBeNull();
  });
});
