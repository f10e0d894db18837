/**
 * Moves an MP4's index (the moov box) in front of its media, so that a player can start and seek
 * without first fetching the end of the file ("fast start"). A streaming muxer (mediabunny with
 * `fastStart: false`) can only write the index last, once the media is known; this second pass
 * copies the file with the index first. It streams: the media is read 1 MiB at a time and handed
 * over as it is copied, so memory holds only the index (sample tables), whatever the file's length.
 * I/O is behind two small interfaces, so the same code runs on stored chunks and in a unit test.
 */
import type { ByteReader } from '../webm/webm-reader';

/** Where the rewritten file goes: positioned writes, persisted on `flush` (the chunk writer). */
export interface FaststartOutput {
  write(position: number, data: Uint8Array): void;
  readonly size: number;
  readonly persistedSize: number;
  flush(): Promise<void>;
}

/** Read from the source at once. */
const READ_BYTES = 1024 * 1024;
/** Output held before it is persisted: the most the copy keeps, whatever the file's length. */
const FLUSH_BYTES = 2 * 1024 * 1024;
const MAX_UINT32 = 0xffffffff;
/** The boxes from moov down to the chunk offset tables: the only file positions in a plain MP4. */
const PATH_TO_OFFSETS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);

interface BoxHeader {
  type: string;
  /** 8, or 16 when a 64-bit size follows the type. */
  headerLength: number;
  /** The whole box, header included. */
  size: number;
}

interface TopBox extends BoxHeader {
  /** Position of the box's first byte in the file. */
  start: number;
}

export async function moveMoovToFront(
  read: ByteReader,
  fileSize: number,
  out: FaststartOutput,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<{ size: number }> {
  const boxes = await topLevelBoxes(read, fileSize);
  // Fragments carry positions of their own (and are streamable already): not what the muxer writes.
  if (boxes.some((box) => box.type === 'moof')) throw new Error('Fragmented MP4 is not supported');
  const moov = findMoov(boxes);
  if (moovComesFirst(boxes, moov)) {
    const copier = new Copier(read, out, fileSize, onProgress);
    await copier.range(0, fileSize);
  } else {
    const original = await readWhole(read, moov.start, moov.size);
    const moved = relocateMoov(original, (offset, newLength) => newPosition(offset, moov, newLength));
    const copier = new Copier(read, out, fileSize - moov.size + moved.length, onProgress);
    // ftyp first (players look for it there), then the index, then everything else in order.
    const [ftyp, ...rest] = boxes;
    if (ftyp) await copier.range(ftyp.start, ftyp.size);
    await copier.bytes(moved);
    for (const box of rest) {
      if (box !== moov) await copier.range(box.start, box.size);
    }
  }
  await out.flush();
  onProgress(1);
  return { size: out.size };
}

/** True when the moov box comes before the first mdat (for tests and checks). */
export async function isFaststart(read: ByteReader, fileSize: number): Promise<boolean> {
  const boxes = await topLevelBoxes(read, fileSize);
  return moovComesFirst(boxes, findMoov(boxes));
}

function notMp4(): Error {
  return new Error('Not an MP4 file');
}

/** The file's top-level boxes, in order; their sizes must add up to the file's. */
async function topLevelBoxes(read: ByteReader, fileSize: number): Promise<TopBox[]> {
  const boxes: TopBox[] = [];
  for (let at = 0; at < fileSize; ) {
    const header = boxHeader(await read(at, Math.min(16, fileSize - at)), 0, fileSize - at);
    // Checked before walking on, so that any other file fails at its first bytes.
    if (boxes.length === 0 && header.type !== 'ftyp') throw notMp4();
    boxes.push({ ...header, start: at });
    at += header.size;
  }
  if (boxes.length === 0) throw notMp4();
  return boxes;
}

function findMoov(boxes: TopBox[]): TopBox {
  const moov = boxes.find((box) => box.type === 'moov');
  if (!moov) throw new Error('The MP4 has no moov box');
  return moov;
}

function moovComesFirst(boxes: TopBox[], moov: TopBox): boolean {
  const mdat = boxes.find((box) => box.type === 'mdat');
  return !mdat || moov.start < mdat.start;
}

/**
 * Reads the header of the box at `at` in `bytes`; `available` is how many bytes its parent (or the
 * file) has left from there, which may be more than `bytes` holds.
 */
function boxHeader(bytes: Uint8Array, at: number, available: number): BoxHeader {
  if (available < 8 || bytes.length < at + 8) throw notMp4();
  const view = new DataView(bytes.buffer, bytes.byteOffset + at);
  const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
  const size32 = view.getUint32(0);
  let headerLength = 8;
  let size = size32;
  if (size32 === 1) {
    if (available < 16 || bytes.length < at + 16) throw notMp4();
    headerLength = 16;
    size = Number(view.getBigUint64(8));
  } else if (size32 === 0) {
    // Size 0: the box runs to the end of its parent.
    size = available;
  }
  if (size < headerLength || size > available) throw notMp4();
  return { type, headerLength, size };
}

/** Where a byte of the original lands once a moov of `newLength` bytes sits right after ftyp. */
function newPosition(offset: number, moov: TopBox, newLength: number): number {
  // Media that was before the moov moves down by its whole length; media after it only by the growth.
  return offset >= moov.start + moov.size ? offset - moov.size + newLength : offset + newLength;
}

/**
 * The moov with every chunk offset moved. An offset moved past 32 bits turns its stco into a co64,
 * which lengthens the moov and so moves the media further still: rebuilt until the length settles.
 * Lengths only grow and each round promotes at least one more table, so this ends.
 */
function relocateMoov(moov: Uint8Array, move: (offset: number, newLength: number) => number): Uint8Array {
  const header = boxHeader(moov, 0, moov.length);
  let length = moov.length;
  for (;;) {
    const settled = length;
    const rebuilt = rebuildBox(moov, header, (offset) => move(offset, settled));
    if (rebuilt.length === length) return rebuilt;
    length = rebuilt.length;
  }
}

/** `box` (header included) with its chunk offsets moved; boxes that hold none are kept as they are. */
function rebuildBox(box: Uint8Array, header: BoxHeader, move: (offset: number) => number): Uint8Array {
  const body = box.subarray(header.headerLength);
  if (PATH_TO_OFFSETS.has(header.type)) {
    const children = childBoxes(body).map(({ bytes, header: child }) => rebuildBox(bytes, child, move));
    return makeBox(header.type, children, header.headerLength === 16);
  }
  if (header.type === 'stco') return chunkOffsets(body, 4, move, header.headerLength === 16);
  if (header.type === 'co64') return chunkOffsets(body, 8, move, header.headerLength === 16);
  return box;
}

function childBoxes(body: Uint8Array): { bytes: Uint8Array; header: BoxHeader }[] {
  const children: { bytes: Uint8Array; header: BoxHeader }[] = [];
  for (let at = 0; at < body.length; ) {
    const header = boxHeader(body, at, body.length - at);
    children.push({ bytes: body.subarray(at, at + header.size), header });
    at += header.size;
  }
  return children;
}

/**
 * A stco (4-byte entries) or co64 (8-byte entries) body rewritten with moved offsets: as a co64
 * when it was one or when a moved offset no longer fits 32 bits.
 */
function chunkOffsets(body: Uint8Array, width: 4 | 8, move: (offset: number) => number, largeHeader: boolean): Uint8Array {
  if (body.length < 8) throw notMp4();
  const view = new DataView(body.buffer, body.byteOffset, body.length);
  const count = view.getUint32(4);
  const entriesEnd = 8 + count * width;
  if (entriesEnd > body.length) throw notMp4();
  const offsets: number[] = [];
  for (let at = 8; at < entriesEnd; at += width) {
    offsets.push(move(width === 4 ? view.getUint32(at) : Number(view.getBigUint64(at))));
  }
  const wide = width === 8 || offsets.some((offset) => offset > MAX_UINT32);
  const entries = new Uint8Array(offsets.length * (wide ? 8 : 4));
  const entryView = new DataView(entries.buffer);
  offsets.forEach((offset, index) => {
    if (wide) entryView.setBigUint64(index * 8, BigInt(offset));
    else entryView.setUint32(index * 4, offset);
  });
  // Version, flags and entry count stay; so does anything after the entries.
  return makeBox(wide ? 'co64' : 'stco', [body.subarray(0, 8), entries, body.subarray(entriesEnd)], largeHeader);
}

/** A box around `parts`, with a 64-bit size when asked for (kept as the original had it) or needed. */
function makeBox(type: string, parts: Uint8Array[], largeHeader: boolean): Uint8Array {
  const bodyLength = parts.reduce((sum, part) => sum + part.length, 0);
  const large = largeHeader || bodyLength + 8 > MAX_UINT32;
  const headerLength = large ? 16 : 8;
  const box = new Uint8Array(headerLength + bodyLength);
  const view = new DataView(box.buffer);
  view.setUint32(0, large ? 1 : box.length);
  for (let i = 0; i < 4; i++) box[4 + i] = type.charCodeAt(i);
  if (large) view.setBigUint64(8, BigInt(box.length));
  let at = headerLength;
  for (const part of parts) {
    box.set(part, at);
    at += part.length;
  }
  return box;
}

/** Reads `length` bytes at `at` into one array, a slice at a time. */
async function readWhole(read: ByteReader, at: number, length: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(length);
  for (let done = 0; done < length; ) {
    const slice = await read(at + done, Math.min(READ_BYTES, length - done));
    if (slice.length === 0) throw new Error('The MP4 is shorter than its size');
    bytes.set(slice, done);
    done += slice.length;
  }
  return bytes;
}

/** Appends to the output, persisting as it grows and reporting how much of `total` is written. */
class Copier {
  private written = 0;

  constructor(
    private readonly read: ByteReader,
    private readonly out: FaststartOutput,
    private readonly total: number,
    private readonly onProgress: (fraction: number) => void,
  ) {}

  async range(from: number, length: number): Promise<void> {
    for (let done = 0; done < length; ) {
      const slice = await this.read(from + done, Math.min(READ_BYTES, length - done));
      if (slice.length === 0) throw new Error('The MP4 is shorter than its size');
      await this.bytes(slice);
      done += slice.length;
    }
  }

  async bytes(data: Uint8Array): Promise<void> {
    this.out.write(this.out.size, data);
    this.written += data.length;
    // Waiting here holds the copy back until the store has caught up.
    if (this.out.size - this.out.persistedSize >= FLUSH_BYTES) await this.out.flush();
    this.onProgress(this.total > 0 ? this.written / this.total : 1);
  }
}
