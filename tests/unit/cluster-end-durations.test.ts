import { describe, expect, it } from 'vitest';
import { ALL_FORMATS, BufferSource, BufferTarget, EncodedAudioPacketSource, EncodedPacket, EncodedPacketSink, EncodedVideoPacketSource, Input, Output, WebMOutputFormat } from 'mediabunny';
import { keepClusterEndFrames } from '../../src/media/worker/cluster-end-durations';

/** A WebM written like a recording: no DefaultDuration, a cluster a second, frames a little uneven. */
async function recordingLikeWebm(frameTimes: number[]): Promise<ArrayBuffer> {
  const target = new BufferTarget();
  const output = new Output({ format: new WebMOutputFormat({ minimumClusterDuration: 1 }), target });
  const video = new EncodedVideoPacketSource('vp9');
  const audio = new EncodedAudioPacketSource('opus');
  output.addVideoTrack(video);
  output.addAudioTrack(audio);
  await output.start();
  let audioTime = 0;
  for (const [index, time] of frameTimes.entries()) {
    const next = frameTimes[index + 1] ?? time + 1 / 30;
    const key = index % 30 === 0;
    await video.add(new EncodedPacket(new Uint8Array(key ? 900 : 300).fill(index % 251), key ? 'key' : 'delta', time, next - time), index === 0 ? { decoderConfig: { codec: 'vp09.00.10.08', codedWidth: 320, codedHeight: 180 } } : undefined);
    while (audioTime < next) {
      await audio.add(new EncodedPacket(new Uint8Array(60).fill(3), 'key', audioTime, 0.02), audioTime === 0 ? { decoderConfig: { codec: 'opus', numberOfChannels: 1, sampleRate: 48000 } } : undefined);
      audioTime += 0.02;
    }
  }
  await output.finalize();
  if (!target.buffer) throw new Error('no file');
  return target.buffer;
}

async function videoPacketDurations(file: ArrayBuffer, fix: boolean): Promise<{ timestamp: number; duration: number }[]> {
  const input = new Input({ source: new BufferSource(file), formats: ALL_FORMATS });
  if (fix) await keepClusterEndFrames(input);
  const track = await input.getPrimaryVideoTrack();
  if (!track) throw new Error('no video');
  const packets: { timestamp: number; duration: number }[] = [];
  for await (const packet of new EncodedPacketSink(track).packets(undefined, undefined, { metadataOnly: true })) packets.push({ timestamp: packet.timestamp, duration: packet.duration });
  input.dispose();
  return packets;
}

describe('keepClusterEndFrames', () => {
  // 4 s at about 30 fps, each frame 0–6 ms late, as a loaded recorder delivers them.
  const frameTimes = Array.from({ length: 120 }, (_, i) => Math.round((i / 30 + ((i * 7) % 4) / 1000) * 1000) / 1000);

  it('without it, the last frame of each cluster is read as lasting nothing (what it works around)', async () => {
    const packets = await videoPacketDurations(await recordingLikeWebm(frameTimes), false);
    expect(packets).toHaveLength(120);
    expect(packets.filter((p) => p.duration === 0).length).toBeGreaterThanOrEqual(3);
  });

  it('gives every frame a length: its neighbour’s distance, or one frame at the end of a cluster', async () => {
    const packets = await videoPacketDurations(await recordingLikeWebm(frameTimes), true);
    expect(packets).toHaveLength(120);
    expect(packets.filter((p) => p.duration === 0)).toEqual([]);
    // Each frame lasts until its neighbour, except a cluster's last, which lasts one nominal frame.
    const clusterEnds = packets.filter((packet, index) => {
      const next = packets[index + 1];
      if (next && Math.abs(packet.duration - (next.timestamp - packet.timestamp)) < 1e-6) return false;
      expect(packet.duration).toBeCloseTo(1 / 30, 3);
      return true;
    });
    // Four one-second clusters: three ends before the file's last frame, and that one.
    expect(clusterEnds.length).toBeGreaterThanOrEqual(3);
    expect(clusterEnds.length).toBeLessThanOrEqual(5);
  });

  it('leaves a file whose track declares its own frame length as it is', async () => {
    const target = new BufferTarget();
    const output = new Output({ format: new WebMOutputFormat({ minimumClusterDuration: 1 }), target });
    const video = new EncodedVideoPacketSource('vp9');
    output.addVideoTrack(video, { frameRate: 25 });
    await output.start();
    for (let i = 0; i < 75; i++) await video.add(new EncodedPacket(new Uint8Array(100), i % 25 === 0 ? 'key' : 'delta', i / 25, 1 / 25), i === 0 ? { decoderConfig: { codec: 'vp09.00.10.08', codedWidth: 320, codedHeight: 180 } } : undefined);
    await output.finalize();
    if (!target.buffer) throw new Error('no file');
    const packets = await videoPacketDurations(target.buffer, true);
    expect(packets.every((p) => Math.abs(p.duration - 1 / 25) < 1e-3)).toBe(true);
  });
});
