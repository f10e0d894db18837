import { BufferTarget, EncodedPacket, EncodedVideoPacketSource, Mp4OutputFormat, Output } from 'mediabunny';

export const FPS = 30;
export const SECONDS = 4;

/** A fragmented MP4 as a MediaRecorder writes it: a fragment per second, each starting on a key frame. */
export async function fragmentedMp4(): Promise<Uint8Array> {
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'fragmented', minimumFragmentDuration: 1 }), target: new BufferTarget() });
  const video = new EncodedVideoPacketSource('vp9');
  output.addVideoTrack(video, { frameRate: FPS });
  await output.start();
  for (let frame = 0; frame < FPS * SECONDS; frame += 1) {
    const key = frame % FPS === 0;
    // Payloads of a plausible size; the muxer and the repair never look inside them.
    const data = new Uint8Array(key ? 6000 : 1500).fill(frame % 251);
    await video.add(new EncodedPacket(data, key ? 'key' : 'delta', frame / FPS, 1 / FPS), frame === 0 ? { decoderConfig: { codec: 'vp09.00.10.08', codedWidth: 640, codedHeight: 360 } } : undefined);
  }
  await output.finalize();
  const buffer = output.target.buffer;
  if (!buffer) throw new Error('no output');
  return new Uint8Array(buffer);
}

