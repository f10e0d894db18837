import { describe, expect, it } from 'vitest';
import { ENCODER_MEMORY_MS, fellBehindRecently, showsEncoderFellBehind } from '../../src/media/client/encoder-history';

const full = { width: 1920, height: 1080 };

describe('showsEncoderFellBehind', () => {
  it('is true only while the picture recorded is smaller than the one chosen', () => {
    expect(showsEncoderFellBehind({ videoSize: { width: 960, height: 540 }, chosenSize: full })).toBe(true);
    expect(showsEncoderFellBehind({ videoSize: full, chosenSize: full })).toBe(false);
    expect(showsEncoderFellBehind({ videoSize: null, chosenSize: full })).toBe(false);
    expect(showsEncoderFellBehind({ videoSize: { width: 0, height: 0 }, chosenSize: full })).toBe(false);
  });
});

describe('fellBehindRecently', () => {
  const now = 1_800_000_000_000;
  it('holds for a week after the encoder fell behind', () => {
    expect(fellBehindRecently(String(now - 1000), now)).toBe(true);
    expect(fellBehindRecently(String(now - ENCODER_MEMORY_MS + 1), now)).toBe(true);
    expect(fellBehindRecently(String(now - ENCODER_MEMORY_MS), now)).toBe(false);
  });

  it('ignores nothing stored, a time in the future and anything that is not a time', () => {
    expect(fellBehindRecently(null, now)).toBe(false);
    expect(fellBehindRecently(String(now + 60_000), now)).toBe(false);
    for (const stored of ['', 'yes', '1e12', '-5', `${String(now)}x`, '9'.repeat(40)]) expect(fellBehindRecently(stored, now)).toBe(false);
  });
});
