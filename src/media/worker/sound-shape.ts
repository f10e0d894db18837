/**
 * Brings each block of one sound feed to the recorded shape (src/media/contract/pcm-shape.ts): a
 * block already 48 kHz stereo passes as it is; any other is copied out as planar floats, given two
 * channels and resampled, keeping its timestamp. One shaper per feed, as resampling carries state.
 */
import { LinearResampler, RECORDED_SOUND, stereoPlanes } from '../contract/pcm-shape';

export class SoundShaper {
  private resampler: LinearResampler | null = null;

  /**
   * The block in the recorded shape; the block given is closed when a new one replaces it. Null when
   * resampling leaves nothing of a tiny block (its sound comes out with the next one).
   */
  shape(data: AudioData): AudioData | null {
    const { sampleRate, numberOfChannels } = RECORDED_SOUND;
    if (data.sampleRate === sampleRate && data.numberOfChannels === numberOfChannels) return data;
    const planes = Array.from({ length: Math.min(data.numberOfChannels, numberOfChannels) }, (_, planeIndex) => {
      const plane = new Float32Array(data.numberOfFrames);
      data.copyTo(plane, { planeIndex, format: 'f32-planar' });
      return plane;
    });
    let channels: Float32Array[] = stereoPlanes(planes);
    if (data.sampleRate !== sampleRate) {
      if (this.resampler?.fromRate !== data.sampleRate) this.resampler = new LinearResampler(data.sampleRate, sampleRate);
      channels = this.resampler.push(channels);
    }
    const frames = channels[0]?.length ?? 0;
    if (frames === 0) {
      data.close();
      return null;
    }
    const joined = new Float32Array(frames * numberOfChannels);
    channels.forEach((channel, c) => {
      joined.set(channel, c * frames);
    });
    const shaped = new AudioData({ format: 'f32-planar', sampleRate, numberOfChannels, numberOfFrames: frames, timestamp: data.timestamp, data: joined });
    data.close();
    return shaped;
  }
}
