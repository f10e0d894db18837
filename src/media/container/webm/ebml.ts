/**
 * The few EBML (Matroska/WebM) primitives the recovery code needs: reading element ids and
 * sizes, and encoding the small elements it writes. Pure: bytes in, bytes out.
 */

export const ID = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  seek: 0x4dbb,
  seekId: 0x53ab,
  seekPosition: 0x53ac,
  info: 0x1549a966,
  timestampScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  defaultDuration: 0x23e383,
  cluster: 0x1f43b675,
  timestamp: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  blockDuration: 0x9b,
  cues: 0x1c53bb6b,
  cuePoint: 0xbb,
  cueTime: 0xb3,
  cueTrackPositions: 0xb7,
  cueTrack: 0xf7,
  cueClusterPosition: 0xf1,
  void: 0xec,
  tags: 0x1254c367,
  attachments: 0x1941a469,
  chapters: 0x1043a770,
} as const;

/** Elements that live directly in the Segment; seeing one ends a Cluster whose size is wrong. */
export const SEGMENT_CHILDREN: ReadonlySet<number> = new Set([
  ID.seekHead,
  ID.info,
  ID.tracks,
  ID.cluster,
  ID.cues,
  ID.void,
  ID.tags,
  ID.attachments,
  ID.chapters,
]);

/** Elements a Cluster may contain. Anything else inside one means the bytes stop making sense. */
export const CLUSTER_CHILDREN: ReadonlySet<number> = new Set([ID.timestamp, ID.simpleBlock, ID.blockGroup, 0xa7, 0xab, 0x5854, ID.void]);

export interface ElementHeader {
  id: number;
  /** Bytes of the id plus the size field. */
  headerLength: number;
  /** Where the size field starts and how long it is, for patching it in place. */
  sizeAt: number;
  sizeLength: number;
  /** Declared body size; null when the element says its size is unknown. */
  size: number | null;
}

/** Reads an element header at `pos` of `bytes` (whose first byte sits at file offset `base`). */
export function readElementHeader(bytes: Uint8Array, pos: number, base = 0): ElementHeader | null {
  const id = readVint(bytes, pos, true);
  if (!id || id.length > 4) return null;
  const size = readVint(bytes, pos + id.length, false);
  if (!size) return null;
  return {
    id: id.value,
    headerLength: id.length + size.length,
    sizeAt: base + pos + id.length,
    sizeLength: size.length,
    size: size.unknown ? null : size.value,
  };
}

interface Vint {
  value: number;
  length: number;
  unknown: boolean;
}

/** A variable-length integer: with its length marker for ids, without it for sizes. */
export function readVint(bytes: Uint8Array, pos: number, keepMarker: boolean): Vint | null {
  const first = bytes[pos];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (pos + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[pos + i] ?? 0;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

export function readUint(bytes: Uint8Array, pos: number, length: number): number {
  let value = 0;
  for (let i = 0; i < length; i++) value = value * 256 + (bytes[pos + i] ?? 0);
  return value;
}

/** A size field of exactly `length` bytes (to overwrite one in place). */
export function encodeSize(value: number, length: number): Uint8Array {
  if (length < 1 || length > 8 || value >= 2 ** (7 * length) - 1) throw new RangeError(`Size ${String(value)} does not fit in ${String(length)} bytes`);
  const out = encodeUintFixed(value, length);
  out[0] = (out[0] ?? 0) | (0x80 >> (length - 1));
  return out;
}

/** A big-endian unsigned integer in exactly `length` bytes. */
export function encodeUintFixed(value: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let rest = value;
  for (let i = length - 1; i >= 0; i--) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  if (rest !== 0) throw new RangeError(`${String(value)} does not fit in ${String(length)} bytes`);
  return out;
}

export function encodeFloat(value: number, length: 4 | 8): Uint8Array {
  const out = new Uint8Array(length);
  const view = new DataView(out.buffer);
  if (length === 4) view.setFloat32(0, value);
  else view.setFloat64(0, value);
  return out;
}

function encodeId(id: number): Uint8Array {
  const length = id >= 0x1000000 ? 4 : id >= 0x10000 ? 3 : id >= 0x100 ? 2 : 1;
  return encodeUintFixed(id, length);
}

function minimalUintLength(value: number): number {
  let length = 1;
  while (value >= 2 ** (8 * length)) length += 1;
  return length;
}

/** One element: an unsigned integer body or a list of already-encoded children. */
export function element(id: number, body: number | Uint8Array[]): Uint8Array {
  const data = typeof body === 'number' ? encodeUintFixed(body, minimalUintLength(body)) : concat(body);
  let sizeLength = 1;
  while (data.length >= 2 ** (7 * sizeLength) - 1) sizeLength += 1;
  return concat([encodeId(id), encodeSize(data.length, sizeLength), data]);
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
