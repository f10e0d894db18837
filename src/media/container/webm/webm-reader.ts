/**
 * Reading a WebM a little at a time: a windowed byte reader, element children, track facts and
 * where a block ends. Shared by the in-place repair planner and the seekable rewrite. Pure: it
 * only reads through a `ByteReader`.
 */
import { ID, readElementHeader, readUint, readVint } from './ebml';

/** Reads `length` bytes at `offset`; may return fewer at the end of the file. */
export type ByteReader = (offset: number, length: number) => Promise<Uint8Array>;

export interface TrackFacts {
  cueTrack: number;
  /** Default block duration per track number, in nanoseconds. */
  defaultDurations: Map<number, number>;
}

/** Where a block ends in ticks: its time plus its track's default duration. */
export function simpleBlockEnd(bytes: Uint8Array, at: number, clusterTime: number, tracks: TrackFacts | null, scale: number, explicitTicks?: number): number | null {
  const track = readVint(bytes, at, false);
  if (!track) return null;
  const relative = new DataView(bytes.buffer, bytes.byteOffset + at + track.length, 2).getInt16(0);
  const defaultNs = tracks?.defaultDurations.get(track.value) ?? 0;
  return clusterTime + relative + (explicitTicks ?? defaultNs / scale);
}

export function blockGroupEnd(bytes: Uint8Array, from: number, to: number, clusterTime: number, tracks: TrackFacts | null, scale: number): number | null {
  let blockAt: number | null = null;
  let duration: number | undefined;
  for (let pos = from; pos < to; ) {
    const child = readElementHeader(bytes, pos);
    if (!child || child.size === null) return null;
    const bodyAt = pos + child.headerLength;
    if (child.id === ID.block) blockAt = bodyAt;
    if (child.id === ID.blockDuration) duration = readUint(bytes, bodyAt, child.size);
    pos = bodyAt + child.size;
  }
  return blockAt === null ? null : simpleBlockEnd(bytes, blockAt, clusterTime, tracks, scale, duration);
}

export interface Child {
  id: number;
  /** Where the child's header starts within the bytes given to `childrenOf`. */
  start: number;
  /** Body offset within the bytes given to `childrenOf`. */
  at: number;
  size: number;
}

export function childrenOf(body: Uint8Array): Child[] {
  const found: Child[] = [];
  for (let pos = 0; pos < body.length; ) {
    const child = readElementHeader(body, pos);
    if (!child || child.size === null) break;
    found.push({ id: child.id, start: pos, at: pos + child.headerLength, size: child.size });
    pos += child.headerLength + child.size;
  }
  return found;
}

export function readTracks(body: Uint8Array): TrackFacts {
  const defaultDurations = new Map<number, number>();
  let video: number | null = null;
  let first: number | null = null;
  for (const entry of childrenOf(body)) {
    if (entry.id !== ID.trackEntry) continue;
    const fields = childrenOf(body.subarray(entry.at, entry.at + entry.size));
    const value = (id: number): number | null => {
      const field = fields.find((f) => f.id === id);
      return field ? readUint(body, entry.at + field.at, field.size) : null;
    };
    const number = value(ID.trackNumber);
    if (number === null) continue;
    first ??= number;
    if (value(ID.trackType) === 1) video ??= number;
    const defaultDuration = value(ID.defaultDuration);
    if (defaultDuration !== null) defaultDurations.set(number, defaultDuration);
  }
  return { cueTrack: video ?? first ?? 1, defaultDurations };
}

/** Serves small reads from one cached window so walking a file costs few real reads. */
export class WindowedReader {
  private windowStart = 0;
  private window: Uint8Array = new Uint8Array(0);

  constructor(
    private readonly read: ByteReader,
    readonly size: number,
    /** The least read at once: small for probing a few headers, large for walking a whole file. */
    private readonly windowBytes = 4096,
  ) {}

  async bytes(offset: number, length: number): Promise<Uint8Array> {
    const wanted = Math.max(0, Math.min(length, this.size - offset));
    const cachedEnd = this.windowStart + this.window.length;
    if (offset < this.windowStart || offset + wanted > cachedEnd) {
      this.window = await this.read(offset, Math.min(this.size - offset, Math.max(wanted, this.windowBytes)));
      this.windowStart = offset;
    }
    const from = offset - this.windowStart;
    return this.window.subarray(from, from + wanted);
  }
}
