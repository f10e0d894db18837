/**
 * Sound waiting for the encoder, joined into longer blocks. A microphone gives 10 ms blocks, and each
 * block handed to mediabunny's encoder is several turns of the worker's event loop (encode, dequeue,
 * the muxer's turn). On a worker starved by a busy machine (a room's host receiving three tracks on
 * two cores) those turns came at some 60 blocks a second, below the 100 a second recorded: the sound
 * fell 95 s behind in ten minutes, and the muxer, which writes by time, held the picture back with it.
 * Blocks that wait are handed over together, so a worker that keeps up still hands them one by one.
 */
import { AudioSample } from 'mediabunny';

/** The longest block made: half a second, a few Opus packets' worth of memory. */
export const MAX_BATCH_SECONDS = 0.5;

/** A block of sound as joining sees it: its timing in seconds, and its shape. */
export interface SoundSpan {
  timestamp: number;
  duration: number;
  sampleRate: number;
  numberOfChannels: number;
}

/**
 * How many of `waiting`, from the first, make one block: each of the same shape as the first, and
 * beginning where the one before it ends (within half a frame), together at most `maxSeconds` long
 * (the first is taken whatever its length).
 */
export function contiguousRun(waiting: readonly SoundSpan[], maxSeconds = MAX_BATCH_SECONDS): number {
  const [first] = waiting;
  if (!first) return 0;
  const tolerance = 0.5 / first.sampleRate;
  let count = 1;
  let end = first.timestamp + first.duration;
  let total = first.duration;
  for (const next of waiting.slice(1)) {
    if (next.sampleRate !== first.sampleRate || next.numberOfChannels !== first.numberOfChannels) break;
    if (Math.abs(next.timestamp - end) > tolerance || total + next.duration > maxSeconds + tolerance) break;
    end = next.timestamp + next.duration;
    total += next.duration;
    count += 1;
  }
  return count;
}

/**
 * One sample of `samples` end to end (the same format, channels and rate; f32-planar), stamped with
 * the first one's time. The given samples are left open.
 */
export function joinSamples(samples: readonly AudioSample[]): AudioSample {
  const [first] = samples;
  if (!first) throw new Error('No sound to join');
  const { numberOfChannels, sampleRate, timestamp } = first;
  const frames = samples.reduce((sum, sample) => sum + sample.numberOfFrames, 0);
  const data = new Float32Array(frames * numberOfChannels);
  let at = 0;
  for (const sample of samples) {
    for (let channel = 0; channel < numberOfChannels; channel++) {
      const plane = data.subarray(channel * frames + at, channel * frames + at + sample.numberOfFrames);
      sample.copyTo(plane, { planeIndex: channel, format: 'f32-planar' });
    }
    at += sample.numberOfFrames;
  }
  return new AudioSample({ data, format: 'f32-planar', numberOfChannels, sampleRate, timestamp });
}
