import { describe, expect, it } from 'vitest';
import { LinearResampler, stereoPlanes } from '../../src/media/contract/pcm-shape';

/** A 440 Hz sine at `rate`, samples `from` to `to`. */
function sine(rate: number, from: number, to: number): Float32Array {
  return Float32Array.from({ length: to - from }, (_, i) => Math.sin((2 * Math.PI * 440 * (from + i)) / rate));
}

describe('stereoPlanes', () => {
  it('puts a mono source on both channels and leaves out a third', () => {
    const mono = new Float32Array([1, 2]);
    expect(stereoPlanes([mono])).toEqual([mono, mono]);
    const [l, r, c] = [new Float32Array([1]), new Float32Array([2]), new Float32Array([3])];
    expect(stereoPlanes([l, r, c])).toEqual([l, r]);
  });
});

describe('LinearResampler', () => {
  it.each([
    [44_100, 441],
    [16_000, 160],
    [96_000, 960],
  ])('turns %i Hz in 10 ms blocks into the same sound at 48 kHz, with no drift and no seam', (rate, block) => {
    const resampler = new LinearResampler(rate, 48_000);
    const out: number[] = [];
    for (let from = 0; from < rate; from += block) out.push(...(resampler.push([sine(rate, from, from + block)])[0] ?? []));
    // One second in gives one second out, but for what lies after the last input sample (it needs the next).
    expect(out.length).toBeLessThanOrEqual(48_000);
    expect(out.length).toBeGreaterThanOrEqual(48_000 - Math.ceil(48_000 / rate));
    // Every sample is the sine at its own instant: blocks meet with no click and no slip.
    const worst = out.reduce((max, value, n) => Math.max(max, Math.abs(value - Math.sin((2 * Math.PI * 440 * n) / 48_000))), 0);
    // Linear interpolation's own error: (2π·440/rate)² / 8, 0.03 at 16 kHz.
    expect(worst).toBeLessThan(rate === 16_000 ? 0.035 : 0.005);
  });

  it('resamples every channel alike', () => {
    const resampler = new LinearResampler(24_000, 48_000);
    const [left, right] = resampler.push([new Float32Array([0, 1, 2, 3]), new Float32Array([0, -1, -2, -3])]);
    expect([...(left ?? [])]).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3]);
    expect([...(right ?? [])]).toEqual([0, -0.5, -1, -1.5, -2, -2.5, -3]);
    // The next block continues from the last sample: 3.5 lies between the blocks.
    expect([...(resampler.push([new Float32Array([4, 5]), new Float32Array([-4, -5])])[0] ?? [])]).toEqual([3.5, 4, 4.5, 5]);
  });
});
