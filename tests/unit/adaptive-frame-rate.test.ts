import { describe, expect, it } from 'vitest';
import { nextFrameRate } from '../../src/media/contract/adaptive-frame-rate';

describe('nextFrameRate', () => {
  it('never goes below 15 fps, however costly frames get', () => {
    let fps = 30;
    for (let i = 0; i < 20; i++) fps = nextFrameRate(fps, 30, 500);
    expect(fps).toBe(15);
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
