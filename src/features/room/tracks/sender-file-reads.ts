/**
 * A participant's stored file as the track sender reads it (docs/decisions/0015-podcast-tracks.md).
 * The first read is the file from the block the host lacks on; bytes before it (a finished WebM's
 * header, written again at the end) are read on their own, from just the chunks that hold them, not by
 * listing every chunk of a long recording again. The last few reads are kept, and a read under way is
 * shared: on a machine busy with a call, each read of a disk-backed Blob took a good part of a second,
 * and after Stop the same blocks are sent, digested and sometimes sent again.
 */
import { BLOCK_BYTES } from './track-transfer-protocol';

/** The file, or part of it, as one read of the stored chunks gives it. */
export interface StoredRead {
  /** The stored file from `offset` on (to its end, or past the end asked for), as a disk-backed Blob. */
  bytes: Blob;
  /** Where `bytes` begins in the file: at or before the byte asked for. */
  offset: number;
  /** The file's size as its row said it. */
  recordedSize?: number;
  finished: boolean;
}

/** Reads the stored file from (at least) byte `from`; with `to`, only the chunks that begin before it. */
export type ReadStored<T extends StoredRead> = (from: number, to?: number) => Promise<T>;

/** Reads of blocks kept: the end of a finished file (up to two reads) and its header. */
const KEPT_READS = 3;

interface BlocksRead {
  /** The first block's index, and how many blocks were asked for (fewer at the file's end). */
  from: number;
  count: number;
  bytes: Promise<Uint8Array<ArrayBuffer>>;
}

export class SenderFileReads<T extends StoredRead> {
  private readonly pieces: { offset: number; bytes: Blob }[];
  /** The last reads of blocks, newest last. */
  private kept: BlocksRead[] = [];

  constructor(
    /** The first read, from the block the host lacks on: what the file is taken to be. */
    readonly file: T,
    private readonly read: ReadStored<T>,
  ) {
    this.pieces = [{ offset: file.offset, bytes: file.bytes }];
  }

  /** The file's size as read: where the first read ends. */
  get size(): number {
    return this.file.offset + this.file.bytes.size;
  }

  /**
   * Block `index` (shorter at the file's end). When it is not among the last reads, it is read with
   * the blocks after it, up to `until` (not included) and at most `ahead` blocks in all.
   */
  async block(index: number, until: number, ahead: number): Promise<Uint8Array<ArrayBuffer>> {
    const read = this.kept.find(({ from, count }) => index >= from && index < from + count) ?? this.readBlocks(index, until, ahead);
    const at = (index - read.from) * BLOCK_BYTES;
    return (await read.bytes).subarray(at, at + BLOCK_BYTES);
  }

  /** Starts reading block `index` (and those after it, as `block` would) for a `block` call to come. */
  readAhead(index: number, until: number, ahead: number): void {
    if (!this.kept.some(({ from, count }) => index >= from && index < from + count)) this.readBlocks(index, until, ahead);
  }

  /** The whole file as one disk-backed Blob. */
  async whole(): Promise<Blob> {
    // A piece holding byte 0 begins there.
    const { bytes } = await this.pieceHolding(0, this.size);
    return bytes.size === this.size ? bytes : bytes.slice(0, this.size);
  }

  private readBlocks(index: number, until: number, ahead: number): BlocksRead {
    const count = Math.max(1, Math.min(ahead, until - index));
    const start = index * BLOCK_BYTES;
    const end = Math.min(this.size, start + count * BLOCK_BYTES);
    const bytes = this.pieceHolding(start, end).then(async (piece) => new Uint8Array(await piece.bytes.slice(start - piece.offset, end - piece.offset).arrayBuffer()));
    // A read that fails fails the call that awaits it; one read ahead and never awaited is no error.
    bytes.catch(() => undefined);
    const read = { from: index, count, bytes };
    this.kept = [...this.kept.slice(1 - KEPT_READS), read];
    return read;
  }

  /** A piece read that holds bytes [start, end), read now if none does. */
  private async pieceHolding(start: number, end: number): Promise<{ offset: number; bytes: Blob }> {
    const held = this.pieces.find((piece) => piece.offset <= start && piece.offset + piece.bytes.size >= end);
    if (held) return held;
    const more = await this.read(start, end);
    // Another read is another look at the storage: a file finished, trimmed or replaced in between is
    // not this one, and bytes of both must not be sent as one (a new channel starts over).
    if (more.finished !== this.file.finished || more.recordedSize !== this.file.recordedSize) throw new Error('The recording changed while it was being sent');
    if (more.offset > start || more.offset + more.bytes.size < end) throw new Error('The stored recording is shorter than its row says');
    const piece = { offset: more.offset, bytes: more.bytes };
    this.pieces.push(piece);
    return piece;
  }
}
