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

/**
 * Linear resampling of one source's channels, block after block. It carries the last sample and the
 * position between blocks, so a stream cut into blocks resamples as if it were one: no click where
 * blocks meet, and no drift from rounding each block's length.
 */
export class LinearResampler {
  private readonly step: number;
  /** Where the next output sample falls, in input samples from the start of the next block (-1 is the previous block's last). */
  private position = 0;
  private previous: number[] | null = null;

  constructor(
    readonly fromRate: number,
    readonly toRate: number,
  ) {
    this.step = fromRate / toRate;
  }

  /** Resamples one block (one array per channel, all the same length). */
  push(channels: readonly Float32Array[]): Float32Array[] {
    const frames = channels[0]?.length ?? 0;
    if (frames === 0) return channels.map(() => new Float32Array(0));
    const previous = this.previous ?? channels.map((c) => c[0] ?? 0);
    const count = Math.max(0, Math.floor((frames - 1 - this.position) / this.step) + 1);
    const out = channels.map(() => new Float32Array(count));
    for (let n = 0; n < count; n++) {
      const at = this.position + n * this.step;
      const index = Math.floor(at);
      const fraction = at - index;
      channels.forEach((input, c) => {
        const a = index < 0 ? (previous[c] ?? 0) : (input[index] ?? 0);
        const b = input[index + 1] ?? a;
        (out[c] as Float32Array)[n] = a + (b - a) * fraction;
      });
    }
    this.position += count * this.step - frames;
    this.previous = channels.map((c) => c[frames - 1] ?? 0);
    return out;
  }
}
