import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input, type EncodedPacket, type InputTrack } from 'mediabunny';
import { describe, expect, it } from 'vitest';
import { ID } from '../../src/media/container/webm/ebml';
import { NothingToRecoverError } from '../../src/media/container/webm/repair-plan';
import { rewriteSeekable } from '../../src/media/container/webm/seekable-rewrite';
import { joinChunks, recordSyntheticWebm } from './support/webm-fixture';
import { readerOf, watchedOutput } from './support/watched-output';

/** A file as MediaRecorder leaves it: segment and cluster sizes unknown, no duration, no cue index. */
async function liveStreamFile(seconds: number): Promise<Uint8Array> {
  const appended = joinChunks((await recordSyntheticWebm(seconds, 1, { appendOnly: true })).finished);
  const cues = indexOfId(appended, ID.cues);
  return cues < 0 ? appended : appended.slice(0, cues);
}

function indexOfId(file: Uint8Array, id: number): number {
  const bytes = [id >>> 24, (id >>> 16) & 0xff, (id >>> 8) & 0xff, id & 0xff];
  return file.findIndex((_, at) => bytes.every((byte, i) => file[at + i] === byte));
}

/** Rewrites `file`, noting the most output ever held unpersisted. */
async function rewrite(file: Uint8Array) {
  const { output, watch, bytes } = watchedOutput();
  const reads: number[] = [];
  const result = await rewriteSeekable(readerOf(file, reads), file.length, output);
  return { result, bytes: bytes(), mostHeld: watch.mostHeld, largestRead: Math.max(...reads) };
}

async function packets(file: Uint8Array): Promise<{ track: string; timestamp: number; type: string; data: number[] }[]> {
  const input = new Input({ source: new BufferSource(file), formats: ALL_FORMATS });
  const list: { track: string; timestamp: number; type: string; data: number[] }[] = [];
  const tracks: InputTrack[] = await input.getTracks();
  for (const track of tracks) {
    const sink = new EncodedPacketSink(track);
    for await (const packet of sink.packets() as AsyncGenerator<EncodedPacket>) {
      list.push({ track: track.type, timestamp: packet.timestamp, type: packet.type, data: [...packet.data.subarray(0, 4)] });
    }
  }
  return list;
}

describe('rewriting a live-stream WebM as a seekable one', () => {
  it('gives it a duration and a cue per key frame, and copies every packet unchanged', async () => {
    const original = await liveStreamFile(6);
    const { result, bytes } = await rewrite(original);
    expect(result.size).toBe(bytes.length);
    expect(result.durationMs).toBeGreaterThanOrEqual(5960);
    expect(result.durationMs).toBeLessThanOrEqual(6000);
    expect(result.cues).toBe(6);

    const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
    expect(await input.computeDuration()).toBeCloseTo(6, 1);
    const video = await input.getPrimaryVideoTrack();
    if (!video) throw new Error('no video track');
    expect((await new EncodedPacketSink(video).getKeyPacket(4.5))?.timestamp).toBe(4);
    expect(await packets(bytes)).toEqual(await packets(original));
    // The original had neither: a player could not show its length or seek in it.
    expect(indexOfId(original, ID.cues)).toBe(-1);
    expect(indexOfId(bytes, ID.cues)).toBeGreaterThan(0);
  });

  it('leaves out a block cut off by a crash and keeps everything before it', async () => {
    const original = await liveStreamFile(4);
    const cut = original.slice(0, original.length - 500);
    const { result, bytes } = await rewrite(cut);
    const kept = await packets(bytes);
    const all = await packets(original);
    expect(kept.length).toBeGreaterThan(all.length - 4);
    expect(kept.length).toBeLessThan(all.length);
    expect(kept).toEqual(all.filter((packet) => kept.some((k) => k.track === packet.track && k.timestamp === packet.timestamp)));
    expect(result.durationMs).toBeGreaterThan(3800);
  });

  it('rewrites a long file holding a few megabytes at most, and reads it a window at a time', async () => {
    const original = await liveStreamFile(360);
    expect(original.length).toBeGreaterThan(11 * 1024 * 1024);
    const { result, mostHeld, largestRead } = await rewrite(original);
    expect(result.clusters).toBe(360);
    expect(mostHeld).toBeLessThanOrEqual(3 * 1024 * 1024);
    expect(largestRead).toBeLessThanOrEqual(1024 * 1024);
  }, 60_000);

  it('says so when there is nothing to play or the bytes are not a WebM', async () => {
    const original = await liveStreamFile(2);
    const firstCluster = indexOfId(original, ID.cluster);
    await expect(rewrite(original.slice(0, firstCluster + 6))).rejects.toBeInstanceOf(NothingToRecoverError);
    await expect(rewrite(new Uint8Array(64).fill(1))).rejects.toThrow('Not a WebM file');
  });
});
