import { describe, expect, it } from 'vitest';
import { storageBudget } from '../../src/features/studio/storage-budget';

const MB = 1024 * 1024;

describe('storageBudget', () => {
  it('counts whole minutes of recording that fit at the video plus audio bitrate', () => {
    // 5 Mbps video + 128 kbps audio = 38.46 MB a minute.
    const budget = storageBudget(1000 * MB, 0, 5_000_000, 128_000);
    expect(budget.minutes).toBe(27);
    expect(budget.low).toBe(false);
  });

  it('warns below 10 minutes of free space', () => {
    const perMinute = (5_128_000 / 8) * 60;
    expect(storageBudget(10 * perMinute, 0, 5_000_000, 128_000).low).toBe(false);
    expect(storageBudget(10 * perMinute - 1, 0, 5_000_000, 128_000)).toMatchObject({ minutes: 9, low: true });
  });

  it('subtracts what is already used and never reports negative space', () => {
    expect(storageBudget(100 * MB, 150 * MB, 2_000_000, 64_000)).toEqual({ freeBytes: 0, minutes: 0, low: true });
  });
});
