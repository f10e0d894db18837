import {
  ALL_FORMATS,
  BufferSource,
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacket,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  Input,
  Mp4OutputFormat,
  Output,
} from 'mediabunny';
import { describe, expect, it } from 'vitest';
import { isFaststart, moveMoovToFront } from '../../src/media/container/mp4/faststart';
import type { ByteReader } from '../../src/media/container/webm/webm-reader';
import { readerOf, watchedOutput } from './support/watched-output';

const MiB = 1024 * 1024;
const FPS = 30;

/** Writes an unsigned Exp-Golomb code, as H.264 parameter sets store most fields. */
function expGolomb(bits: number[], value: number): void {
  const code = (value + 1).toString(2);
  for (let i = 1; i < code.length; i++) bits.push(0);
  for (const bit of code) bits.push(Number(bit));
}

function bitsToBytes(bits: number[]): Uint8Array {
  // The RBSP stop bit, then zeros up to a whole byte.
  const padded = [...bits, 1];
  while (padded.length % 8 !== 0) padded.push(0);
  return Uint8Array.from({ length: padded.length / 8 }, (_, i) => parseInt(padded.slice(i * 8, i * 8 + 8).join(''), 2));
}

/** A Baseline level 3.1 SPS for 640x360 (40x23 macroblocks, the last 8 rows cropped). */
function sps(): Uint8Array {
  const bits: number[] = [];
  expGolomb(bits, 0); // seq_parameter_set_id
  expGolomb(bits, 0); // log2_max_frame_num_minus4
  expGolomb(bits, 2); // pic_order_cnt_type
  expGolomb(bits, 1); // max_num_ref_frames
  bits.push(0); // gaps_in_frame_num_value_allowed_flag
  expGolomb(bits, 39); // pic_width_in_mbs_minus1
  expGolomb(bits, 22); // pic_height_in_map_units_minus1
  bits.push(1, 1, 1); // frame_mbs_only, direct_8x8_inference, frame_cropping
  for (const crop of [0, 0, 0, 4]) expGolomb(bits, crop);
  bits.push(0); // vui_parameters_present_flag
  return Uint8Array.from([0x67, 0x42, 0x00, 0x1f, ...bitsToBytes(bits)]);
}

function pps(): Uint8Array {
  const bits: number[] = [];
  expGolomb(bits, 0); // pic_parameter_set_id
  expGolomb(bits, 0); // seq_parameter_set_id
  bits.push(0, 0); // entropy_coding_mode, bottom_field_pic_order_in_frame_present
  expGolomb(bits, 0); // num_slice_groups_minus1
  expGolomb(bits, 0); // num_ref_idx_l0_default_active_minus1
  expGolomb(bits, 0); // num_ref_idx_l1_default_active_minus1
  bits.push(0, 0, 0); // weighted_pred_flag, weighted_bipred_idc (2 bits)
  expGolomb(bits, 0); // pic_init_qp_minus26 (se 0 = ue 0)
  expGolomb(bits, 0); // pic_init_qs_minus26
  expGolomb(bits, 0); // chroma_qp_index_offset
  bits.push(1, 0, 0); // deblocking_filter_control_present, constrained_intra_pred, redundant_pic_cnt_present
  return Uint8Array.from([0x68, ...bitsToBytes(bits)]);
}

function avcC(): Uint8Array {
  const [s, p] = [sps(), pps()];
  return Uint8Array.from([1, 0x42, 0x00, 0x1f, 0xff, 0xe1, s.length >> 8, s.length & 0xff, ...s, 1, p.length >> 8, p.length & 0xff, ...p]);
}

/** One access unit in the length-prefixed form avcC describes: a single IDR or non-IDR slice. */
function avcFrame(frame: number, key: boolean, length: number): Uint8Array {
  const bytes = new Uint8Array(length).fill((frame * 7) % 251);
  new DataView(bytes.buffer).setUint32(0, length - 4);
  bytes[4] = key ? 0x65 : 0x41;
  return bytes;
}

/** An MP4 as mediabunny writes it: H.264 at 30 fps with a key frame a second, and 20 ms Opus packets. */
async function recordMp4(seconds: number, fastStart: false | 'in-memory', frameBytes = 4000): Promise<Uint8Array> {
  const target = new BufferTarget();
  const output = new Output({ format: new Mp4OutputFormat({ fastStart }), target });
  const video = new EncodedVideoPacketSource('avc');
  const audio = new EncodedAudioPacketSource('opus');
  output.addVideoTrack(video, { frameRate: FPS });
  output.addAudioTrack(audio);
  await output.start();
  const audioStep = 0.02;
  let audioTime = 0;
  for (let frame = 0; frame < seconds * FPS; frame++) {
    const time = frame / FPS;
    const key = frame % FPS === 0;
    await video.add(
      new EncodedPacket(avcFrame(frame, key, key ? frameBytes * 3 : frameBytes), key ? 'key' : 'delta', time, 1 / FPS),
      frame === 0 ? { decoderConfig: { codec: 'avc1.42001f', codedWidth: 640, codedHeight: 360, description: avcC() } } : undefined,
    );
    while (audioTime < time + 1 / FPS) {
      await audio.add(
        new EncodedPacket(new Uint8Array(120).fill(Math.round(audioTime * 50) % 251), 'key', audioTime, audioStep),
        audioTime === 0 ? { decoderConfig: { codec: 'opus', numberOfChannels: 1, sampleRate: 48000 } } : undefined,
      );
      audioTime = Math.round((audioTime + audioStep) * 1000) / 1000;
    }
  }
  await output.finalize();
  if (!target.buffer) throw new Error('mediabunny wrote nothing');
  return new Uint8Array(target.buffer);
}

/** Moves the moov of `file` to the front through the recorder's chunk writer, noting the most output ever held unpersisted. */
async function faststart(file: Uint8Array) {
  const { output, watch, unpersisted, bytes } = watchedOutput();
  const reads: number[] = [];
  const progress: number[] = [];
  const result = await moveMoovToFront(readerOf(file, reads), file.length, output, (fraction) => progress.push(fraction));
  expect(unpersisted()).toBe(0);
  return { result, bytes: bytes(), mostHeld: watch.mostHeld, largestRead: Math.max(...reads), progress };
}

function boxType(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(...bytes.subarray(at + 4, at + 8));
}

/** Top-level box types in order (32-bit and 64-bit sizes). */
function topLevelTypes(file: Uint8Array): string[] {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const types: string[] = [];
  for (let at = 0; at < file.length; ) {
    const size32 = view.getUint32(at);
    types.push(boxType(file, at));
    at += size32 === 1 ? Number(view.getBigUint64(at + 8)) : size32 === 0 ? file.length - at : size32;
  }
  return types;
}

interface PacketFacts {
  track: string;
  timestamp: number;
  duration: number;
  type: string;
  data: Uint8Array;
}

async function packets(file: Uint8Array): Promise<PacketFacts[]> {
  const input = new Input({ source: new BufferSource(file), formats: ALL_FORMATS });
  const list: PacketFacts[] = [];
  for (const track of await input.getTracks()) {
    for await (const packet of new EncodedPacketSink(track).packets()) {
      list.push({ track: track.type, timestamp: packet.timestamp, duration: packet.duration, type: packet.type, data: packet.data.slice() });
    }
  }
  return list;
}

/** Deep equality on megabytes of typed arrays is slow: the bytes are compared here instead. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

function expectSamePackets(actual: PacketFacts[], expected: PacketFacts[]): void {
  const facts = (list: PacketFacts[]) => list.map(({ data, ...rest }) => ({ ...rest, length: data.length }));
  expect(facts(actual)).toEqual(facts(expected));
  expect(actual.every((packet, i) => sameBytes(packet.data, expected[i]?.data ?? new Uint8Array()))).toBe(true);
}

describe('moving an MP4 index to the front', () => {
  it('writes ftyp, then moov, then the media, and every packet reads back unchanged', async () => {
    const original = await recordMp4(4, false);
    expect(topLevelTypes(original).indexOf('moov')).toBeGreaterThan(topLevelTypes(original).indexOf('mdat'));
    expect(await isFaststart(readerOf(original), original.length)).toBe(false);

    const { result, bytes, progress } = await faststart(original);
    expect(result.size).toBe(bytes.length);
    expect(bytes.length).toBe(original.length);
    const types = topLevelTypes(bytes);
    expect(types.slice(0, 2)).toEqual(['ftyp', 'moov']);
    expect(types.filter((type) => type !== 'moov')).toEqual(topLevelTypes(original).filter((type) => type !== 'moov'));
    expect(await isFaststart(readerOf(bytes), bytes.length)).toBe(true);

    const before = await packets(original);
    expect(before.filter((packet) => packet.track === 'video')).toHaveLength(4 * FPS);
    expect(before.filter((packet) => packet.track === 'audio').length).toBeGreaterThanOrEqual(4 * 50);
    expectSamePackets(await packets(bytes), before);
    const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
    expect(await input.computeDuration()).toBeCloseTo(4, 1);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('copies a file whose index is already in front unchanged', async () => {
    const original = await recordMp4(2, 'in-memory');
    expect(await isFaststart(readerOf(original), original.length)).toBe(true);
    const { bytes } = await faststart(original);
    expect(sameBytes(bytes, original)).toBe(true);
  });

  it('copies a long file holding a few megabytes at most, and reads it a slice at a time', async () => {
    const original = await recordMp4(30, false, 12_000);
    expect(original.length).toBeGreaterThan(10 * MiB);
    const { bytes, mostHeld, largestRead } = await faststart(original);
    expect(mostHeld).toBeLessThanOrEqual(3 * MiB);
    expect(largestRead).toBeLessThanOrEqual(MiB);
    expect(topLevelTypes(bytes).slice(0, 2)).toEqual(['ftyp', 'moov']);
    expectSamePackets(await packets(bytes), await packets(original));
  }, 60_000);

  it('says so when the bytes are not an MP4, have no index or are fragmented', async () => {
    const ftyp = box('ftyp', text('isom'), u32(0), text('isom'));
    const mdat = box('mdat', new Uint8Array(100));
    const moov = box('moov', box('mvhd', new Uint8Array(100)));
    await expect(faststart(new Uint8Array(64).fill(1))).rejects.toThrow('Not an MP4 file');
    await expect(faststart(concat(mdat, ftyp, moov))).rejects.toThrow('Not an MP4 file');
    // A box that claims more bytes than the file has: cut off.
    await expect(faststart(concat(ftyp, moov, mdat.slice(0, 50)))).rejects.toThrow('Not an MP4 file');
    await expect(faststart(concat(ftyp, mdat))).rejects.toThrow('The MP4 has no moov box');
    await expect(faststart(concat(ftyp, moov, box('moof', new Uint8Array(8)), mdat))).rejects.toThrow('Fragmented MP4 is not supported');
  });
});

describe('chunk offsets past 4 GiB', () => {
  const ftyp = box('ftyp', text('isom'), u32(0), text('isom'));
  /** The mdat starts right after ftyp with a 16-byte header and runs past 4 GiB. */
  const mdatAt = ftyp.length;
  const mdatSize = 2 ** 32 + 4096;
  const mdatHeader = concat(u32(1), text('mdat'), u64(mdatSize));
  const nearTop = 2 ** 32 - 64;
  const trak = (...tables: Uint8Array[]) =>
    box('trak', box('tkhd', new Uint8Array(84)), box('mdia', box('mdhd', new Uint8Array(24)), box('minf', box('stbl', box('stsd', new Uint8Array(8)), ...tables))));
  const stco = (...offsets: number[]) => box('stco', u32(0), u32(offsets.length), ...offsets.map(u32));
  const co64 = (...offsets: number[]) => box('co64', u32(0), u32(offsets.length), ...offsets.map(u64));
  const moov = box(
    'moov',
    box('mvhd', new Uint8Array(100)),
    trak(stco(mdatAt + 16, nearTop)),
    trak(stco(mdatAt + 1000, mdatAt + 2000)),
    trak(co64(mdatAt + 3000, 2 ** 32 + 100)),
  );
  const moovAt = mdatAt + mdatSize;
  const fileSize = moovAt + moov.length;

  /** Reads a file of over 4 GiB without holding it: the mdat's body is all zeros. */
  const zeros = new Uint8Array(MiB);
  const read: ByteReader = (offset, length) => {
    expect(length).toBeLessThanOrEqual(MiB);
    if (offset < mdatAt + 16) return Promise.resolve(concat(ftyp, mdatHeader).slice(offset, offset + length));
    if (offset >= moovAt) return Promise.resolve(moov.slice(offset - moovAt, offset - moovAt + length));
    return Promise.resolve(zeros.subarray(0, Math.min(length, moovAt - offset)));
  };

  it('turns a stco that no longer fits into a co64, and moves every offset by the new moov length', async () => {
    /** Keeps only the first bytes written: the rest is the zeros of the mdat. */
    const head = new Uint8Array(4096);
    let size = 0;
    let persisted = 0;
    let mostHeld = 0;
    const out = {
      write: (position: number, data: Uint8Array) => {
        expect(position).toBe(size);
        if (position < head.length) head.set(data.subarray(0, head.length - position), position);
        size += data.length;
        mostHeld = Math.max(mostHeld, size - persisted);
      },
      get size() {
        return size;
      },
      get persistedSize() {
        return persisted;
      },
      flush: () => {
        persisted = size;
        return Promise.resolve();
      },
    };
    expect(await isFaststart(read, fileSize)).toBe(false);
    const result = await moveMoovToFront(read, fileSize, out);
    // Two 4-byte entries became 8-byte ones.
    const newLength = moov.length + 8;
    expect(result.size).toBe(fileSize + 8);
    expect(mostHeld).toBeLessThanOrEqual(3 * MiB);

    expect(head.subarray(0, ftyp.length)).toEqual(ftyp);
    expect(boxType(head, ftyp.length)).toBe('moov');
    const written = head.subarray(ftyp.length, ftyp.length + newLength);
    expect(new DataView(written.buffer, written.byteOffset).getUint32(0)).toBe(newLength);
    expect(head.subarray(ftyp.length + newLength, ftyp.length + newLength + 16)).toEqual(mdatHeader);

    const tables = offsetTables(written);
    expect(tables).toEqual([
      { type: 'co64', offsets: [mdatAt + 16 + newLength, nearTop + newLength] },
      { type: 'stco', offsets: [mdatAt + 1000 + newLength, mdatAt + 2000 + newLength] },
      { type: 'co64', offsets: [mdatAt + 3000 + newLength, 2 ** 32 + 100 + newLength] },
    ]);
    // Every ancestor's size was recomputed: the moov parses to its end.
    expect(boxSizesAddUp(written.subarray(8))).toBe(true);
  }, 60_000);
});

function text(value: string): Uint8Array {
  return Uint8Array.from(value, (char) => char.charCodeAt(0));
}

function u32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

function u64(value: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(value));
  return bytes;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

function box(type: string, ...body: Uint8Array[]): Uint8Array {
  const content = concat(...body);
  return concat(u32(8 + content.length), text(type), content);
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);

/** The stco and co64 tables under `moov` (a whole box), in order. */
function offsetTables(moov: Uint8Array): { type: string; offsets: number[] }[] {
  const tables: { type: string; offsets: number[] }[] = [];
  const walk = (body: Uint8Array) => {
    const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
    for (let at = 0; at < body.length; ) {
      const size = view.getUint32(at);
      const type = boxType(body, at);
      if (CONTAINERS.has(type)) walk(body.subarray(at + 8, at + size));
      if (type === 'stco' || type === 'co64') {
        const width = type === 'stco' ? 4 : 8;
        const count = view.getUint32(at + 12);
        const offsets = Array.from({ length: count }, (_, i) => (width === 4 ? view.getUint32(at + 16 + i * 4) : Number(view.getBigUint64(at + 16 + i * 8))));
        expect(size).toBe(16 + count * width);
        tables.push({ type, offsets });
      }
      at += size;
    }
  };
  walk(moov.subarray(8));
  return tables;
}

function boxSizesAddUp(body: Uint8Array): boolean {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  let at = 0;
  while (at < body.length) {
    const size = view.getUint32(at);
    if (size < 8) return false;
    if (CONTAINERS.has(boxType(body, at)) && !boxSizesAddUp(body.subarray(at + 8, at + size))) return false;
    at += size;
  }
  return at === body.length;
}
