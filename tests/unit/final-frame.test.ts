import { describe, expect, it } from 'vitest';
import { heldFrameDuration } from '../../src/media/container/mp4/final-frame';

describe('heldFrameDuration', () => {
  it('leaves every frame but the last as it is', () => {
    expect(heldFrameDuration(1, 1 / 30, 5.9, 6.2)).toBe(1 / 30);
    expect(heldFrameDuration(5.8, 0.05, 5.9, 6.2)).toBe(0.05);
  });

  it('holds the last frame until the sound ends', () => {
    expect(heldFrameDuration(5.9, 1 / 30, 5.9 + 1 / 30, 6.2)).toBeCloseTo(0.3, 9);
  });

  it('holds the frame before a last frame without a duration (which a conversion drops)', () => {
    expect(heldFrameDuration(5.86, 0.04, 5.9, 6.2)).toBeCloseTo(0.34, 9);
  });

  it('recognises the last frame through microsecond rounding', () => {
    expect(heldFrameDuration(5.899_999, 0.02, 5.92, 6)).toBeCloseTo(0.100_001, 9);
  });

  it('never shortens a last frame that already outlasts the sound', () => {
    expect(heldFrameDuration(5.9, 0.5, 6.4, 6)).toBe(0.5);
  });
});
