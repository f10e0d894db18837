/**
 * Brings each block of one sound feed to the recorded shape (src/media/contract/pcm-shape.ts): a
 * block already 48 kHz stereo passes as it is; any other is copied out as planar floats, resampled
 * and given two channels, stamped with the instant of its first resampled sample. One shaper per
 * feed, as resampling carries state.
 */
import { BandLimitedResampler, RECORDED_SOUND, stereoPlanes } from '../contract/pcm-shape';

/** One block shaped: what was held back of the stream before it, when it starts a new one, then the block. */
export interface ShapedSound {
  heldBack: AudioData | null;
  block: AudioData | null;
}

/** A block starting further than this from where the last one ended follows a gap (a pause, lost sound). */
const GAP_US = 2000;

export class SoundShaper {
  private resampler: BandLimitedResampler | null = null;
  /** Where the last block resampled ended, on the source's clock (µs). */
  private expectedUs: number | null = null;

  /**
   * The block in the recorded shape (null when resampling leaves nothing of a tiny block: its sound
   * comes out with the next one), and what a resampler still held of the stream before it when this
   * block starts a new one (a gap, another rate, or no resampling needed any more). The block given is
   * closed when a new one replaces it.
   */
  shape(data: AudioData): ShapedSound {
    const { sampleRate, numberOfChannels } = RECORDED_SOUND;
    const channelCount = Math.min(data.numberOfChannels, numberOfChannels);
    const resampling = data.sampleRate !== sampleRate;
    // The stream so far ends here; its last samples, which the resampler's kernel held back waiting
    // for the ones after, come first.
    const afterGap = this.expectedUs !== null && Math.abs(data.timestamp - this.expectedUs) > GAP_US;
    const otherStream = !resampling || this.resampler?.fromRate !== data.sampleRate || this.resampler.channelCount !== channelCount;
    const heldBack = this.resampler && (afterGap || otherStream) ? this.flush() : null;
    if (!resampling && data.numberOfChannels === numberOfChannels) return { heldBack, block: data };
    const planes = Array.from({ length: channelCount }, (_, planeIndex) => {
      const plane = new Float32Array(data.numberOfFrames);
      data.copyTo(plane, { planeIndex, format: 'f32-planar' });
      return plane;
    });
    let resampled: readonly Float32Array[] = planes;
    let timestamp = data.timestamp;
    if (resampling) {
      // A mono microphone is resampled once, then put on both channels.
      this.resampler ??= new BandLimitedResampler(data.sampleRate, sampleRate, channelCount);
      this.expectedUs = data.timestamp + (data.numberOfFrames / data.sampleRate) * 1e6;
      const { channels, firstAt } = this.resampler.push(planes);
      resampled = channels;
      timestamp = data.timestamp + Math.round((firstAt * 1_000_000) / data.sampleRate);
    }
    const block = recordedBlock(resampled, timestamp);
    data.close();
    return { heldBack, block };
  }

  /**
   * The sound the resampler still holds back (its kernel waits for the samples after each point),
   * with silence taken to follow the last block: at a pause, Stop or the feed's end, where no block
   * follows. Null when nothing is held. The next block starts a fresh stream.
   */
  flush(): AudioData | null {
    const { resampler, expectedUs } = this;
    this.resampler = null;
    this.expectedUs = null;
    if (!resampler || expectedUs === null) return null;
    const { channels, firstAt } = resampler.flush();
    return recordedBlock(channels, Math.round(expectedUs + (firstAt * 1_000_000) / resampler.fromRate));
  }
}

/** A block of the recorded shape from one or more channels of 48 kHz samples; null when they are empty. */
function recordedBlock(planes: readonly Float32Array[], timestamp: number): AudioData | null {
  const { sampleRate, numberOfChannels } = RECORDED_SOUND;
  const channels = stereoPlanes(planes);
  const frames = channels[0].length;
  if (frames === 0) return null;
  const joined = new Float32Array(frames * numberOfChannels);
  channels.forEach((channel, c) => {
    joined.set(channel, c * frames);
  });
  return new AudioData({ format: 'f32-planar', sampleRate, numberOfChannels, numberOfFrames: frames, timestamp, data: joined });
}
