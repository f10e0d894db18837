import 'fake-indexeddb/auto';
import { BufferSource, EncodedPacketSink, Input, MP4 } from 'mediabunny';
import { FPS, SECONDS, fragmentedMp4 } from './support/mp4-fixture';
import { beforeAll, describe, expect, it } from 'vitest';
import { planFragmentedMp4Repair } from '../../src/media/container/mp4/fragmented-repair';
import { getRecording, putChunk, putRecording, readRecordingFile, type RecordingRow } from '../../src/media/storage/recordings-db';
import { repairRecording } from '../../src/media/storage/repair-recording';
import { NothingToRecoverError } from '../../src/media/container/webm/repair-plan';


const reader = (file: Uint8Array) => (offset: number, length: number) => Promise.resolve(file.slice(offset, offset + length));

/** Top-level boxes in order, as [type, start, size]. */
function boxes(file: Uint8Array): [string, number, number][] {
  const out: [string, number, number][] = [];
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  for (let at = 0; at + 8 <= file.length; ) {
    const size = view.getUint32(at);
    out.push([String.fromCharCode(...file.subarray(at + 4, at + 8)), at, size]);
    at += size;
  }
  return out;
}

async function readBack(file: Uint8Array) {
  const input = new Input({ source: new BufferSource(file), formats: [MP4] });
  const track = await input.getPrimaryVideoTrack();
  if (!track) throw new Error('no video track');
  const sink = new EncodedPacketSink(track);
  let packets = 0;
  for await (const packet of sink.packets()) if (packet.byteLength > 0) packets += 1;
  return { packets, duration: await input.computeDuration() };
}

let file: Uint8Array;
beforeAll(async () => {
  file = await fragmentedMp4();
});

describe('fragmented MP4 repair', () => {
  it('keeps a whole file whole', async () => {
    const plan = await planFragmentedMp4Repair(reader(file), file.length);
    expect(plan).toEqual({ keepBytes: file.length, droppedBytes: 0, fragments: boxes(file).filter(([type]) => type === 'moof').length });
    expect(plan.fragments).toBeGreaterThanOrEqual(SECONDS);
  });

  it('cuts a file that stopped inside a fragment back to the last whole one, which plays', async () => {
    const mdats = boxes(file).filter(([type]) => type === 'mdat');
    const third = mdats[2];
    if (!third) throw new Error('too few fragments');
    for (const cut of [third[1] + 100, third[1] - 20 /* inside the third moof */, third[1] + 4 /* inside the mdat's header */]) {
      const truncated = file.slice(0, cut);
      const plan = await planFragmentedMp4Repair(reader(truncated), truncated.length);
      const second = mdats[1];
      if (!second) throw new Error('too few fragments');
      expect(plan.keepBytes).toBe(second[1] + second[2]);
      expect(plan.droppedBytes).toBe(cut - plan.keepBytes);
      expect(plan.fragments).toBe(2);
      const kept = await readBack(truncated.slice(0, plan.keepBytes));
      expect(kept.packets).toBe(2 * FPS);
      expect(kept.duration).toBeCloseTo(2, 1);
    }
  });

  it('finds nothing to recover before the first fragment is whole, or in a file that is not an MP4', async () => {
    const firstMdat = boxes(file).find(([type]) => type === 'mdat');
    if (!firstMdat) throw new Error('no fragment');
    const early = file.slice(0, firstMdat[1] + 10);
    await expect(planFragmentedMp4Repair(reader(early), early.length)).rejects.toBeInstanceOf(NothingToRecoverError);
    const webm = Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0, 0, 0, 0, 0]);
    await expect(planFragmentedMp4Repair(reader(webm), webm.length)).rejects.toBeInstanceOf(NothingToRecoverError);
  });

  it('recovers an interrupted MP4 recording in storage: cut back, marked done, its duration read', async () => {
    const mdats = boxes(file).filter(([type]) => type === 'mdat');
    const fourth = mdats[3];
    if (!fourth) throw new Error('too few fragments');
    const stored = file.slice(0, fourth[1] + 500);
    const row: RecordingRow = {
      id: 'mp4-take',
      name: 'MP4 take',
      mode: 'webcam-only',
      state: 'recording',
      createdAt: 1,
      updatedAt: 1,
      durationMs: 3500,
      size: stored.length,
      mimeType: 'video/mp4;codecs=avc1,mp4a.40.2',
      width: 640,
      height: 360,
    };
    await putRecording(row);
    // Stored as a MediaRecorder delivers it: pieces that do not line up with the boxes.
    const PIECE = 7000;
    for (let at = 0; at < stored.length; at += PIECE) await putChunk({ recordingId: row.id, position: at, bytes: new Blob([stored.slice(at, at + PIECE)]) });
    const result = await repairRecording(row.id);
    const third = mdats[2];
    if (!third) throw new Error('too few fragments');
    expect(result.size).toBe(third[1] + third[2]);
    expect(result.droppedBytes).toBe(stored.length - result.size);
    expect(result.durationMs).toBeGreaterThan(2900);
    expect(result.durationMs).toBeLessThan(3100);
    expect(await getRecording(row.id)).toMatchObject({ state: 'done', size: result.size, durationMs: result.durationMs });
    const recovered = new Uint8Array(await (await readRecordingFile(row.id)).arrayBuffer());
    expect(recovered).toEqual(stored.slice(0, result.size));
    expect((await readBack(recovered)).packets).toBe(3 * FPS);
    // Running it again (a repair interrupted after it committed) changes nothing.
    expect(await repairRecording(row.id)).toMatchObject({ size: result.size, durationMs: result.durationMs });
  });
});
