import { describe, expect, it } from 'vitest';
import { keptSeconds, thumbnailTimes, trimmedName, validTrimRange } from '../../src/media/container/mp4/trim-range';

describe('the trim range', () => {
  it('keeps a range inside the recording and clamps an end a hair past it', () => {
    expect(validTrimRange(1, 4, 6)).toEqual({ start: 1, end: 4 });
    expect(validTrimRange(0, 6.04, 6)).toEqual({ start: 0, end: 6 });
  });

  it('says what is wrong with a range it refuses', () => {
    expect(validTrimRange(-1, 4, 6)).toBe('The start cannot be before the beginning');
    expect(validTrimRange(1, 7, 6)).toBe('The end cannot be after the recording ends (6.00 s)');
    expect(validTrimRange(3, 3.05, 6)).toBe('The end must come at least 0.1 s after the start');
    expect(validTrimRange(Number.NaN, 3, 6)).toBe('Enter the start and end in seconds');
    // The length is judged on the end as it is cut: 9.95 to a typed 10.05 keeps 0.05 s.
    expect(validTrimRange(9.95, 10.05, 10)).toBe('The end must come at least 0.1 s after the start');
    // A recording whose length is unknown (or nearly nothing) has nothing to cut against.
    expect(validTrimRange(0, 5, Number.NaN)).toBe('This recording is too short to trim');
    expect(validTrimRange(0, 0.05, 0.05)).toBe('This recording is too short to trim');
  });

  it('names the copy and spreads thumbnails over the recording', () => {
    expect(trimmedName('Lesson')).toBe('Lesson (trimmed)');
    expect(thumbnailTimes(8, 4)).toEqual([1, 3, 5, 7]);
    expect(thumbnailTimes(0, 4)).toEqual([]);
  });
});

describe('the length a range keeps', () => {
  it('is exact to the millisecond, so 31.01 s to 41.01 s reads as 10 s', () => {
    expect(41.01 - 31.01).toBeLessThan(10);
    expect(keptSeconds({ start: 31.01, end: 41.01 })).toBe(10);
    expect(keptSeconds({ start: 1, end: 4 })).toBe(3);
    expect(keptSeconds({ start: 0.1234, end: 0.3 })).toBe(0.177);
  });
});
