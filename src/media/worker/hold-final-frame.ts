/**
 * A conversion's `video.process` step holding the last picture until the sound ends (see
 * `heldFrameDuration`), or undefined when the input has no sound or no video.
 */
import { EncodedPacketSink, type Input, type VideoSample } from 'mediabunny';
import { heldFrameDuration } from '../container/mp4/final-frame';

export async function holdFinalFrame(input: Input): Promise<((sample: VideoSample) => VideoSample) | undefined> {
  const [video, audio] = await Promise.all([input.getPrimaryVideoTrack(), input.getPrimaryAudioTrack()]);
  if (!video || !audio) return undefined;
  // A conversion moves the earliest timestamp of its tracks to zero; the samples it hands to
  // `process` carry output times.
  const [first, lastPacket, soundEnd] = await Promise.all([
    input.getFirstTimestamp([video, audio]),
    new EncodedPacketSink(video).getPacket(Infinity, { metadataOnly: true }),
    audio.computeDuration(),
  ]);
  if (!lastPacket) return undefined;
  const videoEnd = lastPacket.timestamp + lastPacket.duration - first;
  return (sample) => {
    sample.setDuration(heldFrameDuration(sample.timestamp, sample.duration, videoEnd, soundEnd - first));
    return sample;
  };
}
