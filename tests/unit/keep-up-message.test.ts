import { describe, expect, it } from 'vitest';
import { formatVideoSize, keepUpMessage } from '../../src/media/client/keep-up-message';

const full = { width: 1920, height: 1080 };

describe('keepUpMessage', () => {
  it('says nothing while the recording runs as chosen', () => {
    expect(keepUpMessage({ targetFps: 30, videoSize: full, chosenSize: full, steppedDown: false })).toBeNull();
  });

  it('names the frame rate when only the frame rate stepped down', () => {
    expect(keepUpMessage({ targetFps: 20, videoSize: full, chosenSize: full, steppedDown: true })).toBe('Recording at 20 fps to keep up');
  });

  it('names the smaller picture and the frame rate when the size stepped down too', () => {
    expect(keepUpMessage({ targetFps: 15, videoSize: { width: 1280, height: 720 }, chosenSize: full, steppedDown: true })).toBe(
      'Recording at 720p and 15 fps to keep up',
    );
  });
});

describe('formatVideoSize', () => {
  it('writes width×height, and a dash before there is a picture', () => {
    expect(formatVideoSize({ width: 1280, height: 720 })).toBe('1280×720');
    expect(formatVideoSize({ width: 0, height: 0 })).toBe('—');
  });
});
