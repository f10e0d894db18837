import { describe, expect, it } from 'vitest';
import { AudioSample } from 'mediabunny';
import { contiguousRun, joinSamples } from '../../src/media/worker/sound-batch';

const span = (timestamp: number, duration = 0.01, sampleRate = 48000, numberOfChannels = 2) => ({ timestamp, duration, sampleRate, numberOfChannels });

describe('sound joined for the encoder', () => {
  it('joins blocks that follow each other, of one shape, up to half a second', () => {
    expect(contiguousRun([])).toBe(0);
    expect(contiguousRun([span(0), span(0.01), span(0.02)])).toBe(3);
    // A gap (the timeline began afresh after a pause) ends the block.
    expect(contiguousRun([span(0), span(0.01), span(0.5), span(0.51)])).toBe(2);
    // Within half a frame counts as following on; another rate or channel count does not.
    expect(contiguousRun([span(0), span(0.01 + 0.4 / 48000)])).toBe(2);
    expect(contiguousRun([span(0), span(0.01, 0.01, 44100)])).toBe(1);
    expect(contiguousRun([span(0), span(0.01, 0.01, 48000, 1)])).toBe(1);
    // A long backlog goes in half-second blocks; a first block longer than that goes alone.
    expect(contiguousRun(Array.from({ length: 120 }, (_, i) => span(i * 0.01)))).toBe(50);
    expect(contiguousRun([span(0, 0.8), span(0.8)])).toBe(1);
  });

  it('lays each channel of the blocks end to end, at the first block’s time', () => {
    const block = (timestamp: number, left: number, right: number, frames: number) => {
      const data = new Float32Array(frames * 2);
      data.fill(left, 0, frames);
      data.fill(right, frames);
      return new AudioSample({ data, format: 'f32-planar', numberOfChannels: 2, sampleRate: 48000, timestamp });
    };
    const joined = joinSamples([block(1, 0.1, -0.1, 3), block(1 + 3 / 48000, 0.2, -0.2, 2)]);
    expect(joined.timestamp).toBe(1);
    expect(joined.numberOfFrames).toBe(5);
    const plane = (index: number) => {
      const out = new Float32Array(5);
      joined.copyTo(out, { planeIndex: index, format: 'f32-planar' });
      return [...out].map((v) => Math.round(v * 10) / 10);
    };
    expect(plane(0)).toEqual([0.1, 0.1, 0.1, 0.2, 0.2]);
    expect(plane(1)).toEqual([-0.1, -0.1, -0.1, -0.2, -0.2]);
  });
});
