import { describe, expect, it } from 'vitest';
import { mp4AudioNote, mp4Name, timeLeft } from '../../src/media/container/mp4/export-naming';

describe('MP4 export wording', () => {
  it('names the copy after the recording, within the library’s 120 characters', () => {
    expect(mp4Name('Lesson 3')).toBe('Lesson 3 (MP4)');
    expect(mp4Name('x'.repeat(130))).toHaveLength(120);
  });

  it('says which audio the file carries and what plays it', () => {
    expect(mp4AudioNote('aac')).toMatch(/^H\.264 video with AAC audio/);
    expect(mp4AudioNote('opus')).toMatch(/^H\.264 video with Opus audio \(this browser cannot encode AAC\)/);
  });

  it('estimates the time left from the pace so far, once there is a pace', () => {
    expect(timeLeft(0.01, 5000)).toBeNull();
    expect(timeLeft(0.5, 500)).toBeNull();
    expect(timeLeft(0.25, 10_000)).toBe(30_000);
    expect(timeLeft(1, 10_000)).toBe(0);
  });
});
