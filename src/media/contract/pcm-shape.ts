/**
 * Every recording's sound has one shape: 48 kHz stereo. The encoder takes one format for a whole
 * file, while its sound may come from a microphone read directly (mono, and at 44.1 or 16 kHz on some
 * devices) and, after that microphone is unplugged or changed, from an audio context's silence
 * (48 kHz stereo). These are the pure sample operations that bring any block to that shape.
 */
export const RECORDED_SOUND = { sampleRate: 48_000, numberOfChannels: 2 } as const;

/** The two recorded channels from a block's planes: a mono source on both, a third and later channel left out. */
export function stereoPlanes(planes: readonly Float32Array[]): [Float32Array, Float32Array] {
  const left = planes[0] ?? new Float32Array(0);
  return [left, planes[1] ?? left];
}

/** Zero crossings of the interpolation kernel on each side of the point it places. */
const ZERO_CROSSINGS = 16;
/** Kernel values kept per zero crossing; the kernel between two is interpolated linearly. */
const TABLE_STEPS = 512;
/** The Kaiser window's shape: side lobes about 80 dB down. */
const KAISER_BETA = 8;
/**
 * The share of the lower Nyquist frequency kept: the band above it, up to the window's transition
 * width, is where the filter falls from passing everything to passing nothing.
 */
const PASSBAND = 0.9;

/** The zeroth-order modified Bessel function of the first kind, by its power series. */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; term > sum * 1e-12; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
  }
  return sum;
}

let kernelTable: Float64Array | null = null;

/**
 * The windowed sinc at TABLE_STEPS points per zero crossing, from the centre out, ending on 0. Made
 * by the first resampler, not when the module loads: most recordings' sound needs none.
 */
function kernel(): Float64Array {
  kernelTable ??= makeKernel();
  return kernelTable;
}

function makeKernel(): Float64Array {
  const table = new Float64Array(ZERO_CROSSINGS * TABLE_STEPS + 2);
  const norm = besselI0(KAISER_BETA);
  for (let k = 0; k <= ZERO_CROSSINGS * TABLE_STEPS; k++) {
    const u = k / TABLE_STEPS;
    const sinc = k === 0 ? 1 : Math.sin(Math.PI * u) / (Math.PI * u);
    const r = u / ZERO_CROSSINGS;
    table[k] = (sinc * besselI0(KAISER_BETA * Math.sqrt(Math.max(0, 1 - r * r)))) / norm;
  }
  return table;
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/** What one `push` gives: the resampled channels, and where the first of them falls. */
export interface Resampled {
  readonly channels: Float32Array[];
  /**
   * The first output sample's instant, in input samples from the first sample of the block pushed:
   * negative when it lies in an earlier block (the filter waits for the samples after each point).
   */
  readonly firstAt: number;
}

/**
 * Band-limited resampling of one source's channels, block after block (windowed-sinc interpolation,
 * as in J. O. Smith's "Digital Audio Resampling"). Each output sample is the input's band-limited
 * signal at its instant, so a rate change adds no images of the sound above the lower rate's band
 * (what linear interpolation adds when it raises a rate) and folds nothing from above it back into
 * the band (what it does when it lowers one). The filter reaches a few input samples either side of
 * each point, so a block's output runs that far behind its input; the stream carries the samples
 * still needed and its position between blocks, so a stream cut into blocks resamples as if it were
 * one: no click where blocks meet, and no drift from rounding. The first output sample is the first
 * input sample's instant, with silence taken to come before it.
 */
export class BandLimitedResampler {
  /** The kernel's scale: the lower of the two rates' bands, in the input's Nyquist. */
  private readonly cut: number;
  /** How far the kernel reaches either side of a point, in input samples. */
  private readonly reach: number;
  /** The samples still needed, per channel: the ones the next points reach back to, then new ones. */
  private pending: Float32Array[];
  /** Input samples dropped from the front of `pending` since the start (the leading silence included). */
  private dropped = 0;
  /** Output samples given since the start. */
  private given = 0;
  /** Leading silence, in input samples: the first point's kernel reaches back this far. */
  private readonly lead: number;
  /** Each fraction's weights, when there are few enough fractions to keep (any two common rates). */
  private readonly phases: Map<number, { first: number; weights: Float64Array }> | null;

  constructor(
    readonly fromRate: number,
    readonly toRate: number,
    readonly channelCount: number,
  ) {
    this.cut = Math.min(1, toRate / fromRate) * PASSBAND;
    this.reach = ZERO_CROSSINGS / this.cut;
    this.lead = Math.ceil(this.reach);
    this.pending = Array.from({ length: channelCount }, () => new Float32Array(this.lead));
    this.phases = toRate / greatestCommonDivisor(fromRate, toRate) <= 4096 ? new Map() : null;
  }

  /** Where output sample `n` falls, in samples of `pending`: exact, from whole counts. */
  private positionOf(n: number): number {
    return (n * this.fromRate) / this.toRate + this.lead - this.dropped;
  }

  /**
   * The kernel's weights for a point `fraction` past an input sample (the numerator over `toRate`),
   * and the offset of the first sample they weigh. The fraction takes one of `toRate / gcd` values,
   * 160 from 44.1 kHz, so each is worked out once.
   */
  private weightsFor(numerator: number): { first: number; weights: Float64Array } {
    const cached = this.phases?.get(numerator);
    if (cached) return cached;
    const fraction = numerator / this.toRate;
    const first = Math.ceil(fraction - this.reach);
    const taps = Math.floor(fraction + this.reach) - first + 1;
    const weights = new Float64Array(taps);
    const scale = this.cut * TABLE_STEPS;
    const table = kernel();
    for (let k = 0; k < taps; k++) {
      const index = Math.abs(fraction - first - k) * scale;
      const whole = Math.floor(index);
      const a = table[whole] ?? 0;
      const b = table[whole + 1] ?? 0;
      weights[k] = (a + (b - a) * (index - whole)) * this.cut;
    }
    const phase = { first, weights };
    this.phases?.set(numerator, phase);
    return phase;
  }

  /** Resamples one block (one array per channel, `channelCount` of them, all the same length). */
  push(channels: readonly Float32Array[]): Resampled {
    const frames = channels[0]?.length ?? 0;
    const blockStart = this.pending[0]?.length ?? 0;
    this.pending = this.pending.map((kept, c) => {
      const joined = new Float32Array(kept.length + frames);
      joined.set(kept);
      joined.set(channels[c] ?? new Float32Array(frames), kept.length);
      return joined;
    });
    const available = blockStart + frames;
    const firstAt = this.positionOf(this.given) - blockStart;
    // Every point whose kernel has all the samples it reaches.
    let count = 0;
    while (this.positionOf(this.given + count) + this.reach <= available - 1) count++;
    const out = this.pending.map(() => new Float32Array(count));
    for (let n = 0; n < count; n++) {
      const scaled = (this.given + n) * this.fromRate;
      const numerator = scaled % this.toRate;
      const whole = (scaled - numerator) / this.toRate + this.lead - this.dropped;
      const { first, weights } = this.weightsFor(numerator);
      const from = whole + first;
      this.pending.forEach((input, c) => {
        let sum = 0;
        for (let k = 0; k < weights.length; k++) sum += (input[from + k] ?? 0) * (weights[k] ?? 0);
        (out[c] as Float32Array)[n] = sum;
      });
    }
    this.given += count;
    // Keep what the next point reaches back to.
    const keepFrom = Math.max(0, Math.min(available, Math.ceil(this.positionOf(this.given) - this.reach)));
    this.pending = this.pending.map((input) => input.slice(keepFrom));
    this.dropped += keepFrom;
    return { channels: out, firstAt };
  }

  /**
   * The points still owed for the input pushed so far, with silence taken to follow it: what a pause
   * or Stop would otherwise leave out (the kernel's reach, about a millisecond). `firstAt` counts from
   * just after the last sample pushed. The stream is over once flushed.
   */
  flush(): Resampled {
    const pushed = this.dropped + (this.pending[0]?.length ?? 0) - this.lead;
    const owed = Math.max(0, Math.ceil((pushed * this.toRate) / this.fromRate) - this.given);
    const { channels, firstAt } = this.push(this.pending.map(() => new Float32Array(Math.ceil(this.reach) + 2)));
    return { channels: channels.map((channel) => channel.slice(0, owed)), firstAt };
  }
}
