import { describe, expect, it } from 'vitest';
import { BandLimitedResampler, stereoPlanes } from '../../src/media/contract/pcm-shape';

/** A sine of `hz` at `rate`, samples `from` to `to`. */
function sine(rate: number, from: number, to: number, hz = 440): Float32Array {
  return Float32Array.from({ length: to - from }, (_, i) => Math.sin((2 * Math.PI * hz * (from + i)) / rate));
}

/** Resamples `seconds` of a sine pushed in blocks of `block` samples; returns the whole output and each push's `firstAt`. */
function resampleSine(rate: number, hz: number, block: number, seconds = 1) {
  const resampler = new BandLimitedResampler(rate, 48_000, 1);
  const out: number[] = [];
  const pushes: { inputBefore: number; givenBefore: number; firstAt: number; count: number }[] = [];
  for (let from = 0; from < rate * seconds; from += block) {
    const { channels, firstAt } = resampler.push([sine(rate, from, Math.min(rate * seconds, from + block), hz)]);
    const got = channels[0] ?? new Float32Array(0);
    pushes.push({ inputBefore: from, givenBefore: out.length, firstAt, count: got.length });
    out.push(...got);
  }
  return { out, pushes };
}

/** The amplitude of the `hz` component of `samples` (a single-bin Fourier transform), away from the edges. */
function levelAt(samples: readonly number[], rate: number, hz: number): number {
  const part = samples.slice(Math.floor(rate * 0.1), Math.floor(rate * 0.9));
  let re = 0;
  let im = 0;
  part.forEach((value, n) => {
    re += value * Math.cos((2 * Math.PI * hz * n) / rate);
    im -= value * Math.sin((2 * Math.PI * hz * n) / rate);
  });
  return (2 * Math.hypot(re, im)) / part.length;
}

const rms = (samples: readonly number[]) => Math.sqrt(samples.reduce((sum, value) => sum + value * value, 0) / samples.length);

describe('stereoPlanes', () => {
  it('puts a mono source on both channels and leaves out a third', () => {
    const mono = new Float32Array([1, 2]);
    expect(stereoPlanes([mono])).toEqual([mono, mono]);
    const [l, r, c] = [new Float32Array([1]), new Float32Array([2]), new Float32Array([3])];
    expect(stereoPlanes([l, r, c])).toEqual([l, r]);
  });
});

describe('BandLimitedResampler', () => {
  it.each([
    [44_100, 441],
    [16_000, 160],
    [22_050, 221],
    [96_000, 960],
  ])('turns %i Hz in blocks of %i into the same sound at 48 kHz, with no drift and no seam', (rate, block) => {
    const { out } = resampleSine(rate, 440, block);
    // One second in gives one second out, but for the last points, whose kernel needs samples to come
    // (at most 1.2 ms, from 16 kHz).
    expect(out.length).toBeLessThanOrEqual(48_000);
    expect(out.length).toBeGreaterThanOrEqual(48_000 - 60);
    // Every sample is the sine at its own instant: blocks meet with no click and no slip. The first
    // milliseconds are left out: the sine starts from the silence taken to come before it.
    let worst = 0;
    for (let n = 240; n < out.length; n++) worst = Math.max(worst, Math.abs((out[n] ?? 0) - Math.sin((2 * Math.PI * 440 * n) / 48_000)));
    // Linear interpolation was 0.03 off at 16 kHz and 0.002–0.005 at the other rates.
    expect(worst).toBeLessThan(0.001);
  });

  it('gives the same sound whatever the blocks, and says where each block’s output begins', () => {
    const whole = resampleSine(44_100, 1000, 44_100).out;
    const { out, pushes } = resampleSine(44_100, 1000, 441);
    const odd = resampleSine(44_100, 1000, 37).out;
    expect(out.length).toBe(whole.length);
    expect(odd.length).toBe(whole.length);
    for (let n = 0; n < whole.length; n++) {
      expect(Math.abs((out[n] ?? 0) - (whole[n] ?? 0))).toBeLessThan(1e-6);
      expect(Math.abs((odd[n] ?? 0) - (whole[n] ?? 0))).toBeLessThan(1e-6);
    }
    // A block's first output sample is output sample `givenBefore` of the stream: its instant in the
    // input, counted from the block's own first sample, is what the shaper stamps the block with.
    for (const push of pushes.filter((p) => p.count > 0)) {
      expect(push.firstAt).toBeCloseTo((push.givenBefore * 44_100) / 48_000 - push.inputBefore, 9);
      expect(push.firstAt).toBeLessThanOrEqual(0);
      expect(push.firstAt).toBeGreaterThan(-20);
    }
    expect(pushes[0]?.firstAt).toBe(0);
  });

  it.each([
    [44_100, 441],
    [16_000, 160],
    [96_000, 960],
  ])('flushing gives what %i Hz still owed: one second in, one second out, the sound followed by silence', (rate, block) => {
    const resampler = new BandLimitedResampler(rate, 48_000, 1);
    const out: number[] = [];
    for (let from = 0; from < rate; from += block) out.push(...(resampler.push([sine(rate, from, from + block)]).channels[0] ?? []));
    const given = out.length;
    const { channels, firstAt } = resampler.flush();
    out.push(...(channels[0] ?? []));
    expect(out.length).toBe(48_000);
    // The flushed points continue the stream: the first lies where the last push's output ended.
    expect(firstAt).toBeCloseTo((given * rate) / 48_000 - rate, 9);
    // The same samples as the one-second sine followed by silence, resampled in one piece.
    const followed = new Float32Array(rate * 2);
    followed.set(sine(rate, 0, rate));
    const whole = new BandLimitedResampler(rate, 48_000, 1).push([followed]).channels[0] ?? new Float32Array(0);
    for (let n = given - 100; n < 48_000; n++) expect(Math.abs((out[n] ?? 0) - (whole[n] ?? 0))).toBeLessThan(1e-6);
  });

  it('resamples every channel alike', () => {
    const resampler = new BandLimitedResampler(24_000, 48_000, 2);
    const left = sine(24_000, 0, 2400, 1000);
    const right = left.map((value) => -value / 2);
    const { channels } = resampler.push([left, right]);
    const [outLeft = new Float32Array(0), outRight = new Float32Array(0)] = channels;
    expect(outLeft.length).toBeGreaterThan(4700);
    expect(outRight.length).toBe(outLeft.length);
    outLeft.forEach((value, n) => {
      expect(outRight[n]).toBeCloseTo(-value / 2, 6);
    });
  });

  it('keeps the treble: a 15 kHz tone from 44.1 kHz stays within 0.5 dB (linear interpolation lost 3.4 dB)', () => {
    const { out } = resampleSine(44_100, 15_000, 441);
    const level = levelAt(out, 48_000, 15_000);
    expect(20 * Math.log10(level)).toBeGreaterThan(-0.5);
    expect(20 * Math.log10(level)).toBeLessThan(0.5);
  });

  it('raising a rate adds no image: 5 kHz from 16 kHz has nothing at 11 kHz (linear interpolation put one at -15 dB)', () => {
    const { out } = resampleSine(16_000, 5000, 160);
    expect(Math.abs(20 * Math.log10(levelAt(out, 48_000, 5000)))).toBeLessThan(0.5);
    expect(20 * Math.log10(levelAt(out, 48_000, 11_000))).toBeLessThan(-60);
    expect(20 * Math.log10(levelAt(out, 48_000, 21_000))).toBeLessThan(-60);
  });

  it('lowering a rate folds nothing back: 30 kHz from 96 kHz is gone, not heard at 18 kHz (linear interpolation kept it whole)', () => {
    const { out } = resampleSine(96_000, 30_000, 960);
    const after = out.slice(480);
    expect(20 * Math.log10(rms(after) * Math.SQRT2)).toBeLessThan(-60);
    // What lies below the new band passes.
    const kept = resampleSine(96_000, 15_000, 960).out;
    expect(Math.abs(20 * Math.log10(levelAt(kept, 48_000, 15_000)))).toBeLessThan(0.5);
  });
});
