import { describe, expect, it } from 'vitest';
import { vp8ClearlyFaster, vp9KeepsUp } from '../../src/media/worker/codec-choice';

// Times per 1080p frame measured in this project (docs/browsers.md).
describe('codec choice from measured encoder times', () => {
  it('keeps VP9 when it encodes a frame within the frame interval', () => {
    expect(vp9KeepsUp(30, 30)).toBe(true);
    expect(vp9KeepsUp(33.3, 30)).toBe(true);
    expect(vp9KeepsUp(40, 30)).toBe(false);
    // A lower frame rate leaves more time per frame.
    expect(vp9KeepsUp(60, 15)).toBe(true);
  });

  it('takes VP8 only when it is at least four times faster than a VP9 that cannot keep up', () => {
    expect(vp8ClearlyFaster(15, 57)).toBe(false);
    expect(vp8ClearlyFaster(14, 57)).toBe(true);
    // Firefox's slowest pair.
    expect(vp8ClearlyFaster(36, 350)).toBe(true);
    // Busy machines slow both encoders alike: Chromium's pair stays within a small factor, and keeps VP9.
    expect(vp8ClearlyFaster(25, 45)).toBe(false);
  });

  it('never takes an encoder that failed (measured as an infinite time)', () => {
    expect(vp9KeepsUp(Number.POSITIVE_INFINITY, 30)).toBe(false);
    expect(vp8ClearlyFaster(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY)).toBe(false);
    expect(vp8ClearlyFaster(10, Number.POSITIVE_INFINITY)).toBe(true);
  });
});
