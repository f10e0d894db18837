import { describe, expect, it } from 'vitest';
import { formatVideoSize, keepUpMessage } from '../../src/media/client/keep-up-message';

const full = { width: 1920, height: 1080 };
const figures = { fps: 30, videoSize: full, chosenSize: full, steppedDown: false, lowestRung: false };

describe('keepUpMessage', () => {
  it('says nothing while the recording runs as chosen', () => {
    expect(keepUpMessage(figures)).toBeNull();
  });

  it('names the frame rate the file gets when only the frame rate stepped down', () => {
    expect(keepUpMessage({ ...figures, fps: 20, steppedDown: true })).toBe('Recording at 20 fps to keep up');
  });

  it('names the smaller picture and the frame rate when the size stepped down too', () => {
    expect(keepUpMessage({ ...figures, fps: 15, videoSize: { width: 1280, height: 720 }, steppedDown: true })).toBe('Recording at 720p and 15 fps to keep up');
  });

  it('says the measured rate, not a rung’s: a file getting 13 fps is not called 15', () => {
    expect(keepUpMessage({ ...figures, fps: 13.4, videoSize: { width: 1280, height: 720 }, steppedDown: true })).toBe('Recording at 720p and 13 fps to keep up');
  });

  it('says plainly when even the last step down cannot keep 15 fps', () => {
    const lowest = { ...figures, videoSize: { width: 640, height: 360 }, steppedDown: true, lowestRung: true };
    expect(keepUpMessage({ ...lowest, fps: 12 })).toBe('This computer cannot keep up: recording at 360p and 12 fps, below the 15 fps we aim for');
    expect(keepUpMessage({ ...lowest, fps: 15 })).toBe('Recording at 360p and 15 fps to keep up');
  });
});

describe('formatVideoSize', () => {
  it('writes width×height, and a dash before there is a picture', () => {
    expect(formatVideoSize({ width: 1280, height: 720 })).toBe('1280×720');
    expect(formatVideoSize({ width: 0, height: 0 })).toBe('—');
  });
});
