/**
 * What a participant and the host say over a track's data channel while the participant's own
 * recording travels to the host (docs/decisions/0015-podcast-tracks.md). The file moves in fixed
 * blocks: a block is a binary message (its index, then its bytes), everything else is JSON. The
 * other side is a peer, so every message is parsed strictly and anything malformed is dropped.
 */
import { z } from '../../../shared/zod';
import { sha256 } from '@noble/hashes/sha2.js';
import { parseJsonRecord } from '../../../shared/json-record';
import { epochMsSchema, recordingSessionSchema } from './recording-session';

/** Bytes per block: one message, well inside every browser's data channel message size. */
export const BLOCK_BYTES = 64 * 1024;
/** A binary message: the block's index as a 32-bit unsigned integer, then the block. */
export const BLOCK_HEADER_BYTES = 4;
/** The largest file a host accepts from a participant (about 40 hours at 1080p). */
export const MAX_TRACK_BYTES = 64 * 1024 ** 3;
/** Block digests per `hashes` message: each is 16 hex characters, so a message stays near 34 KB. */
export const HASHES_PER_MESSAGE = 2000;
/** Ranges per `want` message, so it stays well inside the 64 KB a message may have. */
export const MAX_WANT_RANGES = 2000;
/** Data channel labels of track transfers start with this, then the recording's id. */
export const TRACK_CHANNEL_PREFIX = 'track:';

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);
const blockHash = z.string().regex(/^[0-9a-f]{16}$/);
const bytes = z.number().int().min(0).max(MAX_TRACK_BYTES);
/** An instant in milliseconds since the epoch (fractions allowed: clocks are compared to the millisecond). */
const epochMs = epochMsSchema;
/** A recorded file's type as the library keeps it: WebM or MP4, with its codecs. */
const recordedType = z
  .string()
  .max(200)
  .regex(/^video\/(webm|mp4)(;[\w\s=.,"-]*)?$/);
const blockIndex = z
  .number()
  .int()
  .min(0)
  .max(Math.ceil(MAX_TRACK_BYTES / BLOCK_BYTES));

const senderSchema = z.discriminatedUnion('t', [
  /** Opens (or reopens) the transfer of one recording. */
  z.object({
    t: z.literal('begin'),
    recordingId: id,
    createdAt: z.number().int().min(0),
    width: z.number().int().min(1).max(8192),
    height: z.number().int().min(1).max(8192),
    /**
     * The file's first instant on the participant's clock (ms since the epoch); null when not known,
     * as from a participant whose app is older than starts (an installed app updates on its next load).
     */
    startedAt: epochMs.nullable().default(null),
    /**
     * The room recording the track belongs to (the room's id and its announced start), so the host's
     * copy is grouped with the recording's other tracks; null when not known, as from an older app.
     */
    roomSession: recordingSessionSchema.nullable().default(null),
  }),
  /** The participant's clock when a `clock` question came (`sent` is the host's, said back). */
  z.object({ t: z.literal('clock-reply'), sent: epochMs, at: epochMs }),
  /** How far the participant's own copy has got: shown on the host's card. */
  z.object({ t: z.literal('progress'), recorded: bytes, durationMs: z.number().min(0), finished: z.boolean() }),
  /**
   * The file is finished: its size, its digest, how many `hashes` messages follow, and its type (a
   * browser whose MediaRecorder writes MP4, Safari, records MP4); null from an older app, which only
   * ever sent WebM.
   */
  z.object({
    t: z.literal('final'),
    size: bytes,
    durationMs: z.number().min(0),
    sha256: sha256Schema,
    /**
     * What `sha256` is the digest of: the SHA-256 of the blocks' SHA-256s in order (`blocks`, when the
     * host said it checks that way), or of the file itself (`file`, as an older app always sent).
     */
    check: z.enum(['blocks', 'file']).default('file'),
    hashMessages: z.number().int().min(0).max(100_000),
    mimeType: recordedType.nullable().default(null),
  }),
  /** Digests of blocks `from`… of the finished file, so the host can ask only for what differs. */
  z.object({ t: z.literal('hashes'), from: blockIndex, list: z.array(blockHash).max(HASHES_PER_MESSAGE) }),
]);

const receiverSchema = z.discriminatedUnion('t', [
  /** What does your clock say? `sent` is the host's clock (docs/decisions/0015-podcast-tracks.md). */
  z.object({ t: z.literal('clock'), sent: epochMs }),
  /**
   * The host holds blocks 0…count-1 whole: sending goes on from there. `blocksCheck`: the host checks
   * the finished file by its blocks' digests (an older host, which does not say so, hashes the file).
   */
  z.object({ t: z.literal('have'), count: blockIndex, blocksCheck: z.boolean().default(false) }),
  /**
   * Blocks the host holds from the start of the file (`count`, for progress) and blocks it has written
   * over this channel (`written`, for flow control: resent blocks count too).
   */
  z.object({ t: z.literal('ack'), count: blockIndex, written: z.number().int().min(0) }),
  /** Ranges of blocks [from, to) whose bytes differ from the finished file, or are missing: send them again. */
  z.object({ t: z.literal('want'), ranges: z.array(z.tuple([blockIndex, blockIndex])).max(MAX_WANT_RANGES) }),
  /** The host's copy is whole and its SHA-256 matches. */
  z.object({ t: z.literal('received'), sha256: sha256Schema }),
]);

export type SenderMessage = z.infer<typeof senderSchema>;
export type ReceiverMessage = z.infer<typeof receiverSchema>;

function parseWith<T>(schema: z.ZodType<T>, text: unknown): T | null {
  if (typeof text !== 'string' || text.length > 64 * 1024) return null;
  const record = parseJsonRecord(text);
  if (!record) return null;
  const parsed = schema.safeParse(record);
  return parsed.success ? parsed.data : null;
}

export const parseSenderMessage = (text: unknown): SenderMessage | null => parseWith(senderSchema, text);
export const parseReceiverMessage = (text: unknown): ReceiverMessage | null => parseWith(receiverSchema, text);

/** The number of blocks a file of `size` bytes is sent in. */
export const blockCount = (size: number): number => Math.ceil(size / BLOCK_BYTES);

/** One block as a binary message. */
export function encodeBlock(index: number, block: Uint8Array): ArrayBuffer {
  const message = new Uint8Array(BLOCK_HEADER_BYTES + block.length);
  new DataView(message.buffer).setUint32(0, index);
  message.set(block, BLOCK_HEADER_BYTES);
  return message.buffer;
}

/** A binary message as a block, or null when it cannot be one (too long, too short). */
export function decodeBlock(message: ArrayBuffer): { index: number; bytes: Uint8Array } | null {
  if (message.byteLength <= BLOCK_HEADER_BYTES || message.byteLength > BLOCK_HEADER_BYTES + BLOCK_BYTES) return null;
  const index = new DataView(message).getUint32(0);
  if (index > Math.ceil(MAX_TRACK_BYTES / BLOCK_BYTES)) return null;
  return { index, bytes: new Uint8Array(message, BLOCK_HEADER_BYTES) };
}

const hex = (digest: Uint8Array): string => [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Blocks read from storage at once while digesting: one read of 2 MB costs about what one of 64 KB does. */
export const READ_BLOCKS = 32;

/**
 * WebCrypto where the page has it (a secure context, which recording needs anyway): it digests off
 * the page's thread, several times faster than script. Without it, @noble/hashes gives the same bytes.
 */
const subtle: SubtleCrypto | undefined = (globalThis.crypto as Crypto | undefined)?.subtle;

/** A block's SHA-256. */
export async function blockSha256(block: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return subtle ? new Uint8Array(await subtle.digest('SHA-256', block)) : sha256(block);
}

/** A block's digest as `hashes` lists it: the first 64 bits of its SHA-256, enough to find what differs. */
export const shortDigest = (blockSha: Uint8Array): string => hex(blockSha.subarray(0, 8));

/** A SHA-256 fed in pieces, in order (SubtleCrypto has no incremental digest, so this is @noble/hashes'). */
export const streamingSha256 = () => {
  const hash = sha256.create();
  return {
    update(bytes: Uint8Array): void {
      hash.update(bytes);
    },
    hex: (): string => hex(hash.digest()),
  };
};

/**
 * A finished file's digest as a host that says `blocksCheck` checks it: the SHA-256 of its blocks'
 * SHA-256s, in file order. Two files with the same one are the same bytes unless SHA-256 collides, as
 * with a digest of the file itself; but the host took each block's digest as it stored the block, so
 * it checks a long recording without reading it again (docs/decisions/0015-podcast-tracks.md).
 */
export function blocksDigest(blockShas: readonly Uint8Array[]): string {
  const hash = streamingSha256();
  for (const digest of blockShas) hash.update(digest);
  return hash.hex();
}

/** `bytes` cut into the transfer's blocks (views, not copies); the last may be shorter. */
export function blocksOf(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>[] {
  const blocks: Uint8Array<ArrayBuffer>[] = [];
  for (let at = 0; at < bytes.length; at += BLOCK_BYTES) blocks.push(bytes.subarray(at, at + BLOCK_BYTES));
  return blocks;
}

export interface FileDigest {
  /** The short digest of each block, for `hashes`. */
  blocks: string[];
  /** The digest of the blocks' digests (see `blocksDigest`). */
  ofBlocks: string;
  /** The SHA-256 of the file itself, when it was asked for (a host that does not check by blocks). */
  ofFile: string | null;
}

/**
 * A file's digests, read from a disk-backed Blob a few blocks at a time with the next read under way
 * while one is hashed: a long recording is never all in memory. The file's own SHA-256 is the slow
 * part (script, not WebCrypto), so it is taken only when `ofFile` asks for it.
 */
export async function digestFile(file: Blob, { ofFile }: { ofFile: boolean }): Promise<FileDigest> {
  const span = BLOCK_BYTES * READ_BLOCKS;
  const read = (position: number): Promise<ArrayBuffer> => file.slice(position, position + span).arrayBuffer();
  const shas: Uint8Array[] = [];
  const whole = ofFile ? streamingSha256() : null;
  let next = file.size > 0 ? read(0) : null;
  for (let position = 0; next; position += span) {
    const bytes = new Uint8Array(await next);
    next = position + span < file.size ? read(position + span) : null;
    // A failed read ahead is this call's failure, when it is awaited: not an unhandled rejection meanwhile.
    next?.catch(() => undefined);
    const digests = Promise.all(blocksOf(bytes).map((block) => blockSha256(block)));
    whole?.update(bytes);
    shas.push(...(await digests));
  }
  return { blocks: shas.map(shortDigest), ofBlocks: blocksDigest(shas), ofFile: whole?.hex() ?? null };
}

/** Block indices as ranges [from, to), at most `max` of them (the rest are asked for in the next round). */
export function toRanges(blocks: readonly number[], max = MAX_WANT_RANGES): [number, number][] {
  const ranges: [number, number][] = [];
  for (const index of blocks) {
    const last = ranges.at(-1);
    if (last && last[1] === index) last[1] = index + 1;
    else if (ranges.length < max) ranges.push([index, index + 1]);
    else break;
  }
  return ranges;
}

/** Which of the host's block digests differ from the finished file's (missing ones included). */
export function blocksToResend(wanted: readonly string[], held: readonly (string | undefined)[]): number[] {
  const resend: number[] = [];
  wanted.forEach((digest, index) => {
    if (held[index] !== digest) resend.push(index);
  });
  return resend;
}
