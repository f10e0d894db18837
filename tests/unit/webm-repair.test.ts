import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny';
import { beforeAll, describe, expect, it } from 'vitest';
import { editChunk, planChunkEdits, type FileEdit } from '../../src/media/storage/file-edit';
import { ID, readElementHeader, readUint, readVint } from '../../src/media/container/webm/ebml';
import { NothingToRecoverError, planWebmRepair, type InPlaceRepair } from '../../src/media/container/webm/repair-plan';
import { joinChunks, recordSyntheticWebm, type RecordedFile } from './support/webm-fixture';

const reader = (file: Uint8Array) => (offset: number, length: number) => Promise.resolve(file.slice(offset, offset + length));

async function plan(file: Uint8Array) {
  return planWebmRepair(reader(file), file.length);
}

/** Applies an edit to stored chunks exactly as the storage module does, and returns the new chunks. */
function applyToChunks(chunks: Map<number, Uint8Array>, edit: FileEdit): Map<number, Uint8Array> {
  const extents = [...chunks].map(([position, bytes]) => ({ position, size: bytes.length }));
  const { rewrite, remove } = planChunkEdits(extents, edit);
  const next = new Map(chunks);
  for (const position of remove) next.delete(position);
  for (const extent of rewrite) next.set(extent.position, editChunk(extent, chunks.get(extent.position) ?? new Uint8Array(), edit));
  if (edit.tail.length > 0) next.set(edit.truncateAt, edit.tail);
  return next;
}

async function inPlace(file: Uint8Array): Promise<InPlaceRepair> {
  const result = await plan(file);
  if (result.kind !== 'in-place') throw new Error(`expected an in-place repair, got a remux: ${result.reason}`);
  return result;
}

async function readBack(file: Uint8Array) {
  const input = new Input({ source: new BufferSource(file), formats: ALL_FORMATS });
  const video = await input.getPrimaryVideoTrack();
  if (!video) throw new Error('no video track');
  const sink = new EncodedPacketSink(video);
  let packets = 0;
  for await (const packet of sink.packets()) if (packet.byteLength > 0) packets += 1;
  const middle = await sink.getKeyPacket((await input.computeDuration()) / 2);
  return { duration: await input.computeDuration(), packets, middle };
}

/**
 * Video blocks (track 1: the fixture adds its video track first) whose bytes end within the first
 * `length` bytes of `file`: what a repair of `file` cut at `length` must keep, exactly.
 */
function completeVideoBlocks(file: Uint8Array, length: number): number {
  const ebml = readElementHeader(file, 0);
  if (!ebml?.size) throw new Error('no EBML header');
  const segment = readElementHeader(file, ebml.headerLength + ebml.size);
  if (!segment) throw new Error('no Segment');
  let count = 0;
  // Flat walk: step into Segment, Clusters and BlockGroups, step over everything else.
  for (let pos = ebml.headerLength + ebml.size + segment.headerLength; pos < file.length; ) {
    const element = readElementHeader(file, pos);
    if (!element) break;
    if (element.id === ID.cluster || element.id === ID.blockGroup) {
      pos += element.headerLength;
      continue;
    }
    const end = pos + element.headerLength + (element.size ?? 0);
    if ((element.id === ID.simpleBlock || element.id === ID.block) && readVint(file, pos + element.headerLength, false)?.value === 1 && end <= length) count += 1;
    pos = end;
  }
  return count;
}

/** The top-level facts a player relies on to seek: the Segment's size, Duration, and a SeekHead pointing at Cues. */
function seekFacts(file: Uint8Array) {
  const ebml = readElementHeader(file, 0);
  if (!ebml?.size) throw new Error('no EBML header');
  const segmentAt = ebml.headerLength + ebml.size;
  const segment = readElementHeader(file, segmentAt, 0);
  if (!segment || segment.size === null) throw new Error('no sized Segment');
  const dataStart = segmentAt + segment.headerLength;
  const seekHead = readElementHeader(file, dataStart);
  if (seekHead?.id !== ID.seekHead || seekHead.size === null) throw new Error('no SeekHead first');
  // Walk the seek entries for the Cues position.
  let cuesPosition: number | null = null;
  for (let pos = dataStart + seekHead.headerLength; pos < dataStart + seekHead.headerLength + seekHead.size; ) {
    const seek = readElementHeader(file, pos);
    if (!seek?.size) break;
    let target = 0;
    let position = 0;
    for (let inner = pos + seek.headerLength; inner < pos + seek.headerLength + seek.size; ) {
      const field = readElementHeader(file, inner);
      if (!field?.size) break;
      const value = readUint(file, inner + field.headerLength, field.size);
      if (field.id === ID.seekId) target = value;
      if (field.id === ID.seekPosition) position = value;
      inner += field.headerLength + field.size;
    }
    if (target === ID.cues) cuesPosition = position;
    pos += seek.headerLength + seek.size;
  }
  const cues = cuesPosition === null ? null : readElementHeader(file, dataStart + cuesPosition);
  return { segmentEnd: dataStart + segment.size, cuesFound: cues?.id === ID.cues };
}

describe('planWebmRepair on files interrupted at every persist', () => {
  let recorded: RecordedFile;
  beforeAll(async () => {
    recorded = await recordSyntheticWebm(6);
  });
  const crashPoint = (index: number): Map<number, Uint8Array> => {
    const chunks = recorded.persisted[index];
    if (!chunks) throw new Error(`no crash point ${String(index)}`);
    return chunks;
  };

  it('recovers each crash point to a seekable file that loses less than a second', async () => {
    expect(recorded.persisted.length).toBeGreaterThanOrEqual(10);
    for (const [index, chunks] of recorded.persisted.entries()) {
      const persistedSeconds = (index + 1) * 0.5;
      const stored = joinChunks(chunks);
      const repair = await inPlace(stored);
      const repaired = joinChunks(applyToChunks(chunks, repair));
      const facts = seekFacts(repaired);
      expect(facts.segmentEnd, `segment size at ${String(persistedSeconds)} s`).toBe(repaired.length);
      expect(facts.cuesFound, `SeekHead points at Cues at ${String(persistedSeconds)} s`).toBe(true);
      const back = await readBack(repaired);
      expect(back.duration).toBeCloseTo(repair.durationMs / 1000, 1);
      // The muxer holds back up to a cluster (~1 s) before writing, so at most about a second is lost.
      expect(back.duration, `recovered at ${String(persistedSeconds)} s`).toBeGreaterThan(persistedSeconds - 1.1);
      expect(back.duration).toBeLessThanOrEqual(persistedSeconds + 0.05);
      expect(back.packets).toBe(Math.round(back.duration * recorded.fps));
      expect(back.middle, 'a keyframe near the middle is found through the cues').not.toBeNull();
    }
  });

  it('leaves a finished file playing exactly as before (repair is idempotent)', async () => {
    const finished = joinChunks(recorded.finished);
    const original = await readBack(finished);
    const once = joinChunks(applyToChunks(recorded.finished, await inPlace(finished)));
    const twice = joinChunks(applyToChunks(new Map([[0, once]]), await inPlace(once)));
    expect(twice).toEqual(once);
    const back = await readBack(once);
    expect(back.duration).toBeCloseTo(original.duration, 3);
    expect(back.packets).toBe(original.packets);
    expect(seekFacts(once).cuesFound).toBe(true);
  });

  it('drops a block cut off mid-write and keeps every complete one', async () => {
    const full = joinChunks(crashPoint(7));
    // The count is right: for the uncut crash point, repaired, it matches what a demuxer reads.
    const whole = joinChunks(applyToChunks(new Map([[0, full]]), await inPlace(full)));
    expect(completeVideoBlocks(full, full.length)).toBe((await readBack(whole)).packets);
    for (const cut of [1, 17, 500, 2999]) {
      const stored = full.slice(0, full.length - cut);
      const repair = await inPlace(stored);
      expect(repair.droppedBytes).toBeGreaterThan(0);
      const repaired = joinChunks(applyToChunks(new Map([[0, stored]]), repair));
      const back = await readBack(repaired);
      expect(back.packets).toBe(completeVideoBlocks(full, stored.length));
      expect(back.duration).toBeGreaterThan(3);
    }
  });

  it('ignores zero fill after the last write', async () => {
    const stored = joinChunks(crashPoint(5));
    const padded = new Uint8Array(stored.length + 4096);
    padded.set(stored);
    const repair = await inPlace(padded);
    expect(repair.truncateAt).toBeLessThanOrEqual(stored.length);
    expect((await readBack(joinChunks(applyToChunks(new Map([[0, padded]]), repair)))).duration).toBeGreaterThan(2);
  });

  it('plans a remux for a file whose segment size is unknown (MediaRecorder output)', async () => {
    const stored = joinChunks(crashPoint(5)).slice();
    const ebml = readElementHeader(stored, 0);
    const segment = readElementHeader(stored, (ebml?.headerLength ?? 0) + (ebml?.size ?? 0));
    if (!segment) throw new Error('no segment');
    stored.set([0x07, 0xff, 0xff, 0xff, 0xff, 0xff], segment.sizeAt);
    expect(await plan(stored)).toMatchObject({ kind: 'remux' });
  });

  it('refuses bytes that are not WebM, and a file with no complete block', async () => {
    await expect(plan(new TextEncoder().encode('definitely not a video file'))).rejects.toThrow('Not a WebM file');
    const stored = joinChunks(crashPoint(0));
    const firstCluster = findFirstCluster(stored);
    await expect(plan(stored.slice(0, firstCluster + 12))).rejects.toBeInstanceOf(NothingToRecoverError);
  });
});

function findFirstCluster(file: Uint8Array): number {
  for (let i = 0; i < file.length - 4; i++) if (readUint(file, i, 4) === ID.cluster) return i;
  throw new Error('no cluster');
}

describe('file edits on stored chunks', () => {
  const chunks = [
    { position: 0, size: 10 },
    { position: 10, size: 10 },
    { position: 20, size: 10 },
  ];

  it('rewrites only the chunks a patch or the cut reaches, and removes those past the cut', () => {
    const edit: FileEdit = { truncateAt: 15, patches: [{ position: 2, bytes: Uint8Array.of(9, 9) }], tail: new Uint8Array(0) };
    expect(planChunkEdits(chunks, edit)).toEqual({ rewrite: [chunks[0], chunks[1]], remove: [20] });
  });

  it('applies a patch that straddles two chunks to both halves', () => {
    const edit: FileEdit = { truncateAt: 30, patches: [{ position: 8, bytes: Uint8Array.of(1, 2, 3, 4) }], tail: new Uint8Array(0) };
    const first = editChunk({ position: 0, size: 10 }, new Uint8Array(10), edit);
    const second = editChunk({ position: 10, size: 10 }, new Uint8Array(10), edit);
    expect([...first.slice(8)]).toEqual([1, 2]);
    expect([...second.slice(0, 2)]).toEqual([3, 4]);
  });

  it('cuts the chunk that holds the truncation point', () => {
    const edit: FileEdit = { truncateAt: 13, patches: [], tail: Uint8Array.of(7) };
    expect(editChunk({ position: 10, size: 10 }, new Uint8Array(10).fill(5), edit)).toEqual(Uint8Array.of(5, 5, 5));
  });
});
