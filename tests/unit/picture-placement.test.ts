import { describe, expect, it } from 'vitest';
import { placePicture, REPEAT_AFTER_MS } from '../../src/media/worker/picture-placement';

const camera = {};
const otherCamera = {};

describe('placePicture', () => {
  it('places a picture where it was captured, never after now nor before the recording ran', () => {
    expect(placePicture(null, { source: camera, sequence: 1, capturedAt: 960 }, 1000, 0)).toBe(960);
    expect(placePicture(null, { source: camera, sequence: 1, capturedAt: 1040 }, 1000, 0)).toBe(1000);
    // Captured while paused, drawn after the resume at 900: at the resume point.
    expect(placePicture(null, { source: camera, sequence: 1, capturedAt: 850 }, 1000, 900)).toBe(900);
  });

  it('places a picture with no capture time, or the mixed picture, at the tick', () => {
    expect(placePicture(null, { source: camera, sequence: 1, capturedAt: null }, 1000, 0)).toBe(1000);
    expect(placePicture({ source: camera, sequence: 1, atMs: 990 }, null, 1000, 0)).toBe(1000);
  });

  it('encodes each picture once, but a still source again after a while, so the file keeps moving', () => {
    const last = { source: camera, sequence: 4, atMs: 960 };
    expect(placePicture(last, { source: camera, sequence: 4, capturedAt: 960 }, 1000, 0)).toBeNull();
    expect(placePicture(last, { source: camera, sequence: 4, capturedAt: 960 }, 960 + REPEAT_AFTER_MS - 1, 0)).toBeNull();
    expect(placePicture(last, { source: camera, sequence: 4, capturedAt: 960 }, 960 + REPEAT_AFTER_MS, 0)).toBe(960 + REPEAT_AFTER_MS);
  });

  it('only moves forward: a picture captured before the last placement goes just after it', () => {
    // The last picture was repeated at the tick, 1200; the next was captured at 1190.
    expect(placePicture({ source: camera, sequence: 4, atMs: 1200 }, { source: camera, sequence: 5, capturedAt: 1190 }, 1230, 0)).toBe(1201);
  });

  it('takes a replaced source’s picture as new, whatever its number', () => {
    expect(placePicture({ source: camera, sequence: 3, atMs: 960 }, { source: otherCamera, sequence: 3, capturedAt: 990 }, 1000, 0)).toBe(990);
  });
});
