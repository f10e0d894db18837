import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TrackSender, type SendProgress, type SenderFile } from '../../src/features/room/tracks/track-sender';
import { TrackReceiver, type TrackStatus } from '../../src/features/room/tracks/track-receiver';
import { receivedTrackId } from '../../src/media/storage/received-track';
import { BLOCK_BYTES, READ_BLOCKS, blockSha256, blocksDigest, blocksOf, encodeBlock, shortDigest } from '../../src/features/room/tracks/track-transfer-protocol';
import { getRecording, putChunk, readRecordingFile } from '../../src/media/storage/recordings-db';
import { FakeLockManager } from './support/fake-lock-manager';
import { spyOnRecordingsTransactions } from './support/recordings-transactions';
import { FakeDataChannel, asChannel } from './support/fake-data-channel';

/** A participant's recording as the sender reads it: bytes that can grow, change and finish. */
class GrowingFile {
  bytes = new Uint8Array(0);
  finished = false;
  /** What the recorder says it will not write again (undefined: not known). */
  settled: number | undefined = undefined;
  /** Once finished, what the recorder says it wrote again after it settled (undefined: not known). */
  reopened: [number, number][] | undefined = undefined;
  /** The size the row said with `settled` (undefined: the bytes read). */
  recordedSize: number | undefined = undefined;
  mimeType = 'video/webm;codecs=vp9,opus';
  append(length: number, seed: number): void {
    const next = new Uint8Array(this.bytes.length + length);
    next.set(this.bytes);
    for (let i = this.bytes.length; i < next.length; i++) next[i] = (i * 31 + seed) & 0xff;
    this.bytes = next;
  }
  /** Reads from a point before `from`, as the store reads from the start of the chunk that holds it. */
  read = (from: number): Promise<SenderFile> => {
    const offset = Math.max(0, Math.min(from, this.bytes.length) - 123);
    return Promise.resolve({ bytes: new Blob([this.bytes.slice(offset)]), offset, settled: this.settled, recordedSize: this.recordedSize, durationMs: this.bytes.length / 100, finished: this.finished, reopened: this.finished ? this.reopened : undefined, mimeType: this.mimeType });
  };
}

/**
 * `read`, with every slice of the Blobs it returns told to `onSlice`: [start, end) in the file, and the
 * length asked for (a read may ask past the file's end).
 */
function watchingSlices(read: (from: number) => Promise<SenderFile>, onSlice: (start: number, end: number, asked: number) => void) {
  return async (from: number): Promise<SenderFile> => {
    const file = await read(from);
    const slice = file.bytes.slice.bind(file.bytes);
    file.bytes.slice = (start?: number, end?: number, type?: string) => {
      onSlice(file.offset + (start ?? 0), file.offset + Math.min(end ?? file.bytes.size, file.bytes.size), (end ?? file.bytes.size) - (start ?? 0));
      return slice(start, end, type);
    };
    return file;
  };
}

/** Finishes the participant's file and waits until the host has said the track is received. */
async function finishDelivered(file: GrowingFile, sender: TrackSender): Promise<void> {
  file.finished = true;
  sender.finish();
  await vi.waitFor(
    () => {
      expect(sender.isDelivered).toBe(true);
    },
    { timeout: 8_000 },
  );
}

let next = 0;
/** The room the tests' host is in, and one recording of it. */
const ROOM_ID = 'podcast-room';
const SESSION = { roomId: ROOM_ID, startedAt: 1_780_000_000_000 };
const recordingInfo = (startedAt: number | null = null, roomSession: { roomId: string; startedAt: number } | null = null) => ({ recordingId: `own-${String(++next)}`, createdAt: 1_700_000_000_000, width: 1280, height: 720, startedAt, roomSession });

interface Host {
  statuses: TrackStatus[];
  receivers: TrackReceiver[];
  claims: Map<string, string>;
}

function host(): Host {
  return { statuses: [], receivers: [], claims: new Map() };
}

/** Connects the sender to the host over a fresh channel pair, as a (re)connection does. */
function connect(sender: TrackSender, to: Host, participantId = 'gus'): [FakeDataChannel, FakeDataChannel] {
  const [guestEnd, hostEnd] = FakeDataChannel.pair(`track:${sender.recording.recordingId}`);
  sender.attach(asChannel(guestEnd));
  to.receivers.push(
    new TrackReceiver(asChannel(hostEnd), {
      roomId: ROOM_ID,
      participantId,
      participantName: 'Gus',
      onStatus: (status) => to.statuses.push(status),
      claim: (recordingId, by) => {
        const owner = to.claims.get(recordingId);
        if (owner !== undefined && owner !== by) return false;
        to.claims.set(recordingId, by);
        return true;
      },
      released: (recordingId) => to.claims.delete(recordingId),
    }),
  );
  guestEnd.open();
  return [guestEnd, hostEnd];
}

async function hostCopy(recordingId: string): Promise<Uint8Array> {
  return new Uint8Array(await (await readRecordingFile(receivedTrackId(recordingId))).arrayBuffer());
}

beforeEach(() => {
  vi.stubGlobal('navigator', { locks: new FakeLockManager() });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('track transfer', () => {
  it('sends whole blocks while recording, the rest at the end, and the host’s copy is the same bytes', async () => {
    const file = new GrowingFile();
    const progress: SendProgress[] = [];
    const sender = new TrackSender(recordingInfo(), { readFile: file.read, onProgress: (p) => progress.push(p), reopen: () => undefined });
    const to = host();
    file.append(BLOCK_BYTES * 3 + 100, 1);
    connect(sender, to);
    // While recording only the three whole blocks go: the fourth is still growing.
    await vi.waitFor(() => {
      expect(to.statuses.at(-1)?.receivedBytes).toBe(BLOCK_BYTES * 3);
    });
    expect(to.statuses.at(-1)?.phase).toBe('recording');
    file.append(BLOCK_BYTES + 5000, 2);
    file.finished = true;
    sender.finish();
    await vi.waitFor(() => {
      expect(sender.isDelivered).toBe(true);
    });
    expect(await hostCopy(sender.recording.recordingId)).toEqual(file.bytes);
    const row = await getRecording(receivedTrackId(sender.recording.recordingId));
    expect(row).toMatchObject({ state: 'done', size: file.bytes.length, mode: 'room-separate', name: 'Room recording: Gus', width: 1280, height: 720, mimeType: 'video/webm;codecs=vp9,opus' });
    expect(to.statuses.at(-1)?.phase).toBe('received');
    expect(progress.at(-1)).toMatchObject({ delivered: true, sentBytes: file.bytes.length });
  });

  it('the finished file is checked by its blocks’ digests, or by its own SHA-256 with a host that does not say it checks by blocks', async () => {
    const sha = (part: Uint8Array) => createHash('sha256').update(part).digest();
    for (const olderHost of [false, true]) {
      const file = new GrowingFile();
      const sender = new TrackSender(recordingInfo(), { readFile: file.read, onProgress: () => undefined, reopen: () => undefined });
      file.append(BLOCK_BYTES * 2 + 300, 5);
      const [guestEnd, hostEnd] = connect(sender, host());
      // An older host's `have` does not say `blocksCheck`.
      const send = hostEnd.send.bind(hostEnd);
      if (olderHost) hostEnd.send = (data) => send(typeof data === 'string' ? data.replace(',"blocksCheck":true', '') : data);
      file.finished = true;
      sender.finish();
      await vi.waitFor(() => {
        expect(sender.isDelivered).toBe(true);
      });
      expect(await hostCopy(sender.recording.recordingId)).toEqual(file.bytes);
      const final = JSON.parse(String(guestEnd.sent.find((m) => typeof m === 'string' && m.includes('"t":"final"')))) as { check: string; sha256: string };
      const blocks = [0, 1, 2].map((i) => sha(file.bytes.subarray(i * BLOCK_BYTES, (i + 1) * BLOCK_BYTES)));
      const expected = olderHost ? createHash('sha256').update(file.bytes).digest('hex') : createHash('sha256').update(Buffer.concat(blocks)).digest('hex');
      expect(final).toMatchObject({ check: olderHost ? 'file' : 'blocks', sha256: expected });
    }
  });

  it('while recording, sends only the blocks the recorder says it will not write again', async () => {
    const file = new GrowingFile();
    const sender = new TrackSender(recordingInfo(), { readFile: file.read, onProgress: () => undefined, reopen: () => undefined });
    const to = host();
    file.append(BLOCK_BYTES * 4, 6);
    // The open cluster begins inside block 2: its size is written when it closes.
    file.settled = BLOCK_BYTES * 2 + 10;
    const [guestEnd] = connect(sender, to);
    await vi.waitFor(() => {
      expect(to.statuses.at(-1)?.receivedBytes).toBe(BLOCK_BYTES * 2);
    });
    await new Promise((resolve) => setTimeout(resolve, 1200)); // a poll of the file later, still two
    expect(guestEnd.sent.filter((m) => typeof m === 'number')).toHaveLength(2);
    // The cluster closed: its block is written, and goes once.
    file.bytes[BLOCK_BYTES * 2 + 12] = 0xee;
    file.append(BLOCK_BYTES, 7);
    file.settled = BLOCK_BYTES * 5;
    await vi.waitFor(() => {
      expect(to.statuses.at(-1)?.receivedBytes).toBe(BLOCK_BYTES * 5);
    });
    file.finished = true;
    sender.finish();
    await vi.waitFor(() => {
      expect(sender.isDelivered).toBe(true);
    });
    expect(await hostCopy(sender.recording.recordingId)).toEqual(file.bytes);
    expect(guestEnd.sent.filter((m) => typeof m === 'number')).toHaveLength(5);
  }, 15_000); // two polls of the file a second apart, and a wait of 1.2 s between them

  it('while recording, sends nothing past the size the row gave with its mark, whatever more the chunks read hold', async () => {
    const file = new GrowingFile();
    const sender = new TrackSender(recordingInfo(), { readFile: file.read, onProgress: () => undefined, reopen: () => undefined });
    const to = host();
    // The row, from a flush before any write went back, says 2 blocks and no mark; the chunks read
    // already hold a later flush's 4 blocks, whose open cluster is written again when it closes.
    file.append(BLOCK_BYTES * 4, 10);
    file.recordedSize = BLOCK_BYTES * 2;
    const [guestEnd] = connect(sender, to);
    await vi.waitFor(() => {
      expect(to.statuses.at(-1)?.receivedBytes).toBe(BLOCK_BYTES * 2);
    });
    await new Promise((resolve) => setTimeout(resolve, 1200)); // a poll of the file later, still two
    expect(guestEnd.sent.filter((m) => typeof m === 'number')).toHaveLength(2);
    // The cluster closes: its size lands past where the row's mark will be, so no range names it.
    file.bytes[BLOCK_BYTES * 3 + 4] = 0xee;
    file.recordedSize = undefined;
    file.reopened = [];
    await finishDelivered(file, sender);
    expect(await hostCopy(sender.recording.recordingId)).toEqual(file.bytes);
  }, 15_000);

  it('a participant whose browser records MP4 (Safari) has its track kept as MP4 at the host', async () => {
    const file = new GrowingFile();
    file.mimeType = 'video/mp4;codecs=avc1.42E01E,mp4a.40.2';
    const sender = new TrackSender(recordingInfo(), { readFile: file.read, onProgress: () => undefined, reopen: () => undefined });
    const to = host();
    file.append(BLOCK_BYTES + 10, 9);
    file.finished = true;
    connect(sender, to);
    sender.finish();
    await vi.waitFor(() => {
      expect(sender.isDelivered).toBe(true);
    });
    expect(await getRecording(receivedTrackId(sender.recording.recordingId))).toMatchObject({ state: 'done', mimeType: 'video/mp4;codecs=avc1.42E01E,mp4a.40.2' });
  });

  it('reads the stored file for sending a megabyte at a time, not a read per block', async () => {
    const file = new GrowingFile();
    let sendReads = 0;
    const readFile = watchingSlices(file.read, (_start, _end, asked) => {
      if (asked < BLOCK_BYTES * READ_BLOCKS) sendReads += 1;
    });
    const sender = new TrackSender(recordingInfo(), { readFile, onProgress: () => undefined, reopen: () => undefined });
    file.append(BLOCK_BYTES * 20 + 17, 8);
    file.finished = true;
    sender.finish();
    connect(sender, host());
    await vi.waitFor(
      () => {
        expect(sender.isDelivered).toBe(true);
      },
      { timeout: 8_000 },
    );
    expect(await hostCopy(sender.recording.recordingId)).toEqual(file.bytes);
    // 21 blocks: the first 16 in one read, the other five in a second.
    expect(sendReads).toBe(2);
  }, 15_000); // 21 blocks through the host's storage: on a loaded gate this outlasted 5 s

  it('a finished file whose rewritten bytes the recorder names is checked by reading back only those blocks and the ones never sent', async () => {
    const file = new GrowingFile();
    const reads: [number, number][] = [];
    const watched = watchingSlices(file.read, (start, end) => reads.push([start, end]));
    // Every read of the stored chunks: from which byte, and up to which.
    const storageReads: [number, number | undefined][] = [];
    const readFile = (from: number, upTo?: number) => {
      storageReads.push([from, upTo]);
      return watched(from);
    };
    const sender = new TrackSender(recordingInfo(), { readFile, onProgress: () => undefined, reopen: () => undefined });
    const to = host();
    file.append(BLOCK_BYTES * 20, 5);
    const [guestEnd] = connect(sender, to);
    await vi.waitFor(
      () => {
        expect(to.statuses.at(-1)?.receivedBytes).toBe(BLOCK_BYTES * 20);
      },
      { timeout: 8_000 },
    );
    reads.length = 0;
    storageReads.length = 0;
    // Finishing writes the header again (bytes 4-11 of block 0) and appends a block and a half.
    for (let i = 4; i < 12; i++) file.bytes[i] = (file.bytes[i] ?? 0) ^ 0x5a;
    file.append(BLOCK_BYTES + BLOCK_BYTES / 2, 6);
    file.reopened = [[4, 12]];
    await finishDelivered(file, sender);
    expect(await hostCopy(sender.recording.recordingId)).toEqual(file.bytes);
    // Read back after Stop: block 0 and the two blocks never sent, not the 19 others.
    const readBlocks = new Set(reads.flatMap(([start, end]) => Array.from({ length: Math.ceil((end - start) / BLOCK_BYTES) }, (_, i) => Math.floor(start / BLOCK_BYTES) + i)));
    expect([...readBlocks].sort((a, b) => a - b)).toEqual([0, 20, 21]);
    // The stored file was listed from the first block not sent, then only up to the header's block:
    // never again from the start to its end. The header was read once, to digest it and send it again.
    expect(storageReads.filter(([from, upTo]) => from < BLOCK_BYTES * 20 && (upTo ?? Infinity) > BLOCK_BYTES)).toEqual([]);
    expect(reads.filter(([start]) => start === 0)).toHaveLength(1);
    // The header went again before the check, which passed the first time.
    expect(guestEnd.sent.filter((m) => typeof m === 'string' && m.includes('"t":"final"'))).toHaveLength(1);
  }, 20_000);

  it('bytes changed after they were sent (the header written at the end) are found and sent again', async () => {
    const file = new GrowingFile();
    // Reads of READ_BLOCKS blocks are the digest's (blocks to send are read 16 at most at a time).
    let digestReads = 0;
    const readFile = watchingSlices(file.read, (_start, _end, asked) => {
      if (asked >= BLOCK_BYTES * READ_BLOCKS) digestReads += 1;
    });
    const sender = new TrackSender(recordingInfo(), { readFile, onProgress: () => undefined, reopen: () => undefined });
    const to = host();
    file.append(BLOCK_BYTES * 4, 3);
    const [guestEnd] = connect(sender, to);
    await vi.waitFor(() => {
      expect(to.statuses.at(-1)?.receivedBytes).toBe(BLOCK_BYTES * 4);
    });
    const sentBefore = guestEnd.sent.filter((m) => typeof m === 'number').length;
    // The finished file rewrites bytes in block 0 and block 2, and grows.
    file.bytes[10] = (file.bytes[10] ?? 0) ^ 0xff;
    file.bytes[BLOCK_BYTES * 2 + 7] = (file.bytes[BLOCK_BYTES * 2 + 7] ?? 0) ^ 0xff;
    file.append(300, 4);
    file.finished = true;
    sender.finish();
    await vi.waitFor(() => {
      expect(sender.isDelivered).toBe(true);
    });
    expect(await hostCopy(sender.recording.recordingId)).toEqual(file.bytes);
    // Only the new last block and the two changed ones went again, not the whole file.
    expect(guestEnd.sent.filter((m) => typeof m === 'number').length - sentBefore).toBe(3);
    // The sender knew what it had sent: the changed blocks went before the host was asked to check, so
    // one check was enough, and the file was read for its digests once.
    expect(guestEnd.sent.filter((m) => typeof m === 'string' && m.includes('"t":"final"'))).toHaveLength(1);
    expect(to.statuses.some((status) => status.phase === 'received')).toBe(true);
    expect(digestReads).toBe(1);
  });

  it('bytes changed since an earlier sender sent them (a reload in between) are found by the host’s check and sent again', async () => {
    const file = new GrowingFile();
    const info = recordingInfo();
    const first = new TrackSender(info, { readFile: file.read, onProgress: () => undefined, reopen: () => undefined });
    const to = host();
    file.append(BLOCK_BYTES * 4, 3);
    connect(first, to);
    await vi.waitFor(() => {
      expect(to.statuses.at(-1)?.receivedBytes).toBe(BLOCK_BYTES * 4);
    });
    first.dispose();
    file.bytes[10] = (file.bytes[10] ?? 0) ^ 0xff;
    file.bytes[BLOCK_BYTES * 2 + 7] = (file.bytes[BLOCK_BYTES * 2 + 7] ?? 0) ^ 0xff;
    file.append(300, 4);
    file.finished = true;
    // The page came back: a new sender, which knows nothing of what the first one sent.
    const second = new TrackSender(info, { readFile: file.read, onProgress: () => undefined, reopen: () => undefined });
    second.finish();
    const [guestEnd] = connect(second, to);
    await vi.waitFor(() => {
      expect(second.isDelivered).toBe(true);
    });
    expect(await hostCopy(info.recordingId)).toEqual(file.bytes);
    // The new last block went, then the host's check asked for the two changed ones, and checked again.
    expect(guestEnd.sent.filter((m) => typeof m === 'number')).toHaveLength(3);
    expect(guestEnd.sent.filter((m) => typeof m === 'string' && m.includes('"t":"final"'))).toHaveLength(2);
    // When the check asked for them, the card said how little was missing (two blocks), not 0 %.
    const checked = to.statuses.findIndex((status) => status.phase === 'checking');
    expect(to.statuses.slice(checked).find((status) => status.phase === 'sending')?.receivedBytes).toBe(file.bytes.length - 2 * BLOCK_BYTES);
  });

  it('a recording that is stopping is said to be so at once, and its file is left to the recorder until it is finished', async () => {
    const file = new GrowingFile();
    let reads = 0;
    const readFile: typeof file.read = (...args) => {
      reads += 1;
      return file.read(...args);
    };
    const sender = new TrackSender(recordingInfo(), { readFile, onProgress: () => undefined, reopen: () => undefined });
    const to = host();
    file.append(BLOCK_BYTES * 2 + 10, 9);
    const [guestEnd] = connect(sender, to);
    await vi.waitFor(() => {
      expect(to.statuses.at(-1)?.receivedBytes).toBe(BLOCK_BYTES * 2);
    });
    expect(to.statuses.at(-1)?.phase).toBe('recording');
    // The recorder settles another block while it finishes the file.
    file.append(BLOCK_BYTES, 10);
    sender.stopping();
    await vi.waitFor(() => {
      expect(to.statuses.at(-1)?.phase).toBe('sending');
    });
    const progress = guestEnd.sent.filter((m): m is string => typeof m === 'string').map((m) => JSON.parse(m) as { t: string; finished?: boolean });
    expect(progress.filter(({ t }) => t === 'progress').at(-1)?.finished).toBe(true);
    // The recorder's last writes have the storage to themselves: no read until the file is finished.
    const readsAtStop = reads;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads).toBe(readsAtStop);
    expect(to.statuses.at(-1)?.receivedBytes).toBe(BLOCK_BYTES * 2);
    await finishDelivered(file, sender);
    expect(reads).toBeGreaterThan(readsAtStop);
    expect(await hostCopy(sender.recording.recordingId)).toEqual(file.bytes);
  });

  it('a connection that drops mid-way resumes from what the host holds, on a new channel', async () => {
    const file = new GrowingFile();
    const sender = new TrackSender(recordingInfo(), { readFile: file.read, onProgress: () => undefined, reopen: () => undefined });
    const to = host();
    file.append(BLOCK_BYTES * 2, 5);
    const [first] = connect(sender, to);
    await vi.waitFor(() => {
      expect(to.statuses.at(-1)?.receivedBytes).toBe(BLOCK_BYTES * 2);
    });
    first.close();
    expect(to.statuses.at(-1)?.phase).toBe('waiting');
    file.append(BLOCK_BYTES * 2 + 1, 6);
    file.finished = true;
    sender.finish();
    const [second] = connect(sender, to);
    await vi.waitFor(() => {
      expect(sender.isDelivered).toBe(true);
    });
    expect(await hostCopy(sender.recording.recordingId)).toEqual(file.bytes);
    // The host said it held two blocks: the new channel carried only the three after them.
    expect(second.sent.filter((m) => typeof m === 'number')).toHaveLength(3);
  });

  it('blocks beyond the file’s end (a confused or hostile sender) are dropped when the track is finished', async () => {
    const info = recordingInfo();
    const id = receivedTrackId(info.recordingId);
    const file = new GrowingFile();
    file.append(1000, 7);
    file.finished = true;
    // Left over in the host's storage at a far position.
    await putChunk({ recordingId: id, position: BLOCK_BYTES * 40, bytes: new Blob([new Uint8Array(10)]) });
    const to = host();
    const sender = new TrackSender(info, { readFile: file.read, onProgress: () => undefined, reopen: () => undefined });
    sender.finish();
    connect(sender, to);
    await vi.waitFor(() => {
      expect(sender.isDelivered).toBe(true);
    });
    expect(await hostCopy(info.recordingId)).toEqual(file.bytes);
  });

  /**
   * A host's receiver for a new recording and the participant's end of its channel, with `begin` said
   * and `have` heard; and a file of five blocks and a bit, its blocks and their SHA-256s.
   */
  async function begunTransfer() {
    const { recordingId } = recordingInfo();
    const [peer, hostEnd] = FakeDataChannel.pair(`track:${recordingId}`);
    const statuses: TrackStatus[] = [];
    new TrackReceiver(asChannel(hostEnd), { roomId: ROOM_ID, participantId: 'gus', participantName: 'Gus', onStatus: (status) => statuses.push(status), claim: () => true, released: () => undefined });
    const heard: string[] = [];
    peer.onmessage = ({ data }: MessageEvent) => heard.push((JSON.parse(String(data)) as { t: string }).t);
    peer.open();
    peer.send(JSON.stringify({ t: 'begin', recordingId, createdAt: 1, width: 2, height: 2, startedAt: null, roomSession: null }));
    await vi.waitFor(() => expect(heard).toContain('have'));
    const file = new GrowingFile();
    file.append(BLOCK_BYTES * 5 + 1234, 3);
    const blocks = blocksOf(file.bytes);
    const shas = await Promise.all(blocks.map((block) => blockSha256(block)));
    const final = JSON.stringify({ t: 'final', size: file.bytes.length, durationMs: 1000, check: 'blocks', sha256: blocksDigest(shas), hashMessages: 1, mimeType: 'video/webm' });
    const hashes = JSON.stringify({ t: 'hashes', from: 0, list: shas.map(shortDigest) });
    return { recordingId, peer, hostEnd, statuses, heard, file, blocks, final, hashes };
  }

  /** Counts the storage's write transactions until `until` resolves, by the stores each one writes. */
  async function writesDuring(until: () => Promise<void>): Promise<string[]> {
    const transactions = await spyOnRecordingsTransactions();
    try {
      await until();
      return transactions.mock.calls.filter(([, mode]) => mode === 'readwrite').map(([stores]) => (typeof stores === 'string' ? [stores] : [...stores]).sort().join('+'));
    } finally {
      transactions.mockRestore();
    }
  }

  /** The host's copy is the file, its row done, and its card says received. */
  async function expectReceived({ recordingId, file, statuses }: Awaited<ReturnType<typeof begunTransfer>>) {
    // Compared as buffers: a deep comparison of megabytes takes seconds.
    expect(Buffer.from(await hostCopy(recordingId)).equals(Buffer.from(file.bytes))).toBe(true);
    expect(await getRecording(receivedTrackId(recordingId))).toMatchObject({ state: 'done', size: file.bytes.length });
    expect(statuses.at(-1)).toMatchObject({ phase: 'received', receivedBytes: file.bytes.length });
  }

  it('the last blocks, arriving with the participant’s digests, are stored with the finished row: one write after the one under way, not three', async () => {
    const transfer = await begunTransfer();
    const { peer, hostEnd, heard, blocks } = transfer;
    peer.send(encodeBlock(0, blocks[0] ?? new Uint8Array(0)));
    await vi.waitFor(() => expect(heard).toContain('ack'));
    // Long enough since the host last noted the size received that it would note it again.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5_000);
    const writes = await writesDuring(async () => {
      // The participant's last blocks, its final and its digests, back to back as after Stop, arriving
      // while the next block's write is under way (the write starts once the message's task is over).
      const arrive = (data: string | ArrayBuffer) => hostEnd.onmessage?.(new MessageEvent('message', { data }));
      arrive(encodeBlock(1, blocks[1] ?? new Uint8Array(0)));
      await Promise.resolve();
      blocks.slice(2).forEach((block, index) => arrive(encodeBlock(index + 2, block)));
      arrive(transfer.final);
      arrive(transfer.hashes);
      await vi.waitFor(() => expect(heard).toContain('received'), { timeout: 8_000 });
    });
    vi.useRealTimers();
    // The next block's own write, then every other block with the row marked done: no write of the
    // blocks alone before the row's, and no note of the size received.
    expect(writes).toEqual(['chunks', 'chunks+recordings']);
    await expectReceived(transfer);
  });

  it('a block whose write fails while the check runs keeps the track from being finished, and a new channel finishes it', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const transfer = await begunTransfer();
    const { recordingId, peer, heard, blocks, statuses, file } = transfer;
    const put = Object.getOwnPropertyDescriptor(IDBObjectStore.prototype, 'put')?.value as (this: IDBObjectStore, value: unknown, key?: IDBValidKey) => IDBRequest<IDBValidKey>;
    // The storage refuses block 1 (a full disk): the check, which does not wait for blocks being
    // written, must not finish the track without it.
    const refusing = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if ((value as { position?: number }).position === BLOCK_BYTES) throw new DOMException('no room left', 'QuotaExceededError');
      return put.call(this, value, key);
    });
    try {
      blocks.forEach((block, index) => peer.send(encodeBlock(index, block)));
      peer.send(transfer.final);
      peer.send(transfer.hashes);
      await vi.waitFor(() => expect(statuses.at(-1)?.phase).toBe('waiting'));
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      refusing.mockRestore();
    }
    expect(heard).not.toContain('received');
    expect(await getRecording(receivedTrackId(recordingId))).toMatchObject({ state: 'recording' });
    expect(warnings.mock.calls.some(([message]) => String(message).includes('no room left'))).toBe(true);
    // The participant comes back on a new channel and sends what the host says it lacks.
    const [again, hostEnd] = FakeDataChannel.pair(`track:${recordingId}`);
    const after: TrackStatus[] = [];
    new TrackReceiver(asChannel(hostEnd), { roomId: ROOM_ID, participantId: 'gus', participantName: 'Gus', onStatus: (status) => after.push(status), claim: () => true, released: () => undefined });
    const told: { t: string; count?: number }[] = [];
    again.onmessage = ({ data }: MessageEvent) => told.push(JSON.parse(String(data)) as { t: string; count?: number });
    again.open();
    again.send(JSON.stringify({ t: 'begin', recordingId, createdAt: 1, width: 2, height: 2, startedAt: null, roomSession: null }));
    await vi.waitFor(() => expect(told.map(({ t }) => t)).toContain('have'));
    const held = told.find(({ t }) => t === 'have')?.count ?? 0;
    expect(held).toBeLessThanOrEqual(1);
    blocks.slice(held).forEach((block, i) => again.send(encodeBlock(held + i, block)));
    again.send(transfer.final);
    again.send(transfer.hashes);
    await vi.waitFor(() => expect(told.map(({ t }) => t)).toContain('received'), { timeout: 8_000 });
    await expectReceived({ ...transfer, statuses: after });
    expect(file.bytes.length).toBeGreaterThan(BLOCK_BYTES * 5);
    warnings.mockRestore();
  });

  it('blocks that come after the participant said its file is finished are stored with the finished row, in one write', async () => {
    const transfer = await begunTransfer();
    const { peer, heard, blocks, file } = transfer;
    const writes = await writesDuring(async () => {
      peer.send(JSON.stringify({ t: 'progress', recorded: file.bytes.length, durationMs: 1000, finished: true }));
      blocks.forEach((block, index) => peer.send(encodeBlock(index, block)));
      peer.send(transfer.final);
      peer.send(transfer.hashes);
      await vi.waitFor(() => expect(heard).toContain('received'), { timeout: 8_000 });
    });
    expect(writes).toEqual(['chunks+recordings']);
    // Said held once they are: with the row.
    expect(heard.filter((t) => t === 'ack')).toHaveLength(1);
    await expectReceived(transfer);
  });

  it('a long send after the participant said its file is finished is written as it comes: only its last blocks wait for the check', async () => {
    const transfer = await begunTransfer();
    const { peer, file } = transfer;
    file.append(BLOCK_BYTES * 35, 4);
    const blocks = blocksOf(file.bytes);
    const shas = await Promise.all(blocks.map((block) => blockSha256(block)));
    // What the host said it holds, in the order it said it.
    const held: number[] = [];
    const heard = transfer.heard;
    peer.onmessage = ({ data }: MessageEvent) => {
      const message = JSON.parse(String(data)) as { t: string; count?: number };
      heard.push(message.t);
      if (message.t === 'ack') held.push(message.count ?? 0);
    };
    peer.send(JSON.stringify({ t: 'progress', recorded: file.bytes.length, durationMs: 1000, finished: true }));
    blocks.forEach((block, index) => peer.send(encodeBlock(index, block)));
    await vi.waitFor(() => expect(Math.max(0, ...held)).toBeGreaterThanOrEqual(blocks.length - 16), { timeout: 8_000 });
    expect(heard).not.toContain('received');
    peer.send(JSON.stringify({ t: 'final', size: file.bytes.length, durationMs: 1000, check: 'blocks', sha256: blocksDigest(shas), hashMessages: 1, mimeType: 'video/webm' }));
    peer.send(JSON.stringify({ t: 'hashes', from: 0, list: shas.map(shortDigest) }));
    await vi.waitFor(() => expect(heard).toContain('received'), { timeout: 8_000 });
    await expectReceived(transfer);
  }, 20_000);

  it('refuses malformed messages and a recording another connection is sending, says so, and the transfer goes on', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const to = host();
    const info = recordingInfo();
    const file = new GrowingFile();
    file.append(BLOCK_BYTES, 8);
    const sender = new TrackSender(info, { readFile: file.read, onProgress: () => undefined, reopen: () => undefined });
    connect(sender, to, 'gus');
    await vi.waitFor(() => {
      expect(to.claims.get(info.recordingId)).toBe('gus');
    });
    // Someone else claims Gus's recording id: their channel is closed, Gus's transfer goes on.
    const [intruder, intruderHost] = FakeDataChannel.pair(`track:${info.recordingId}`);
    new TrackReceiver(asChannel(intruderHost), {
      roomId: ROOM_ID,
      participantId: 'ida',
      participantName: 'Ida',
      onStatus: () => undefined,
      claim: (recordingId, by) => to.claims.get(recordingId) === by,
      released: () => undefined,
    });
    intruder.open();
    intruder.send('{"t":"begin"'); // not JSON
    intruder.send(JSON.stringify({ t: 'begin', recordingId: '../../etc', createdAt: 1, width: 1, height: 1, startedAt: null })); // bad id
    intruder.send(new ArrayBuffer(2)); // too short to be a block
    intruder.send(JSON.stringify({ t: 'begin', recordingId: info.recordingId, createdAt: 1, width: 1, height: 1, startedAt: null }));
    await vi.waitFor(() => {
      expect(intruder.readyState).toBe('closed');
    });
    expect(warnings.mock.calls.map((call) => call.map(String).join(' ')).filter((line) => line.includes('podcast track: refused from Ida')).length).toBeGreaterThanOrEqual(2);
    file.finished = true;
    sender.finish();
    await vi.waitFor(() => {
      expect(sender.isDelivered).toBe(true);
    });
    expect(await hostCopy(info.recordingId)).toEqual(file.bytes);
  });

  it('the host notes when a participant’s file began on its own clock, whatever the participant’s clock says', async () => {
    // The participant's clock runs 7 s ahead of the host's; their file began 2 s ago by the host's.
    const skew = 7_000;
    const began = performance.timeOrigin + performance.now() - 2_000;
    const file = new GrowingFile();
    file.append(BLOCK_BYTES + 5, 4);
    file.finished = true;
    const info = recordingInfo(began + skew);
    const sender = new TrackSender(info, { readFile: file.read, onProgress: () => undefined, reopen: () => undefined, now: () => performance.timeOrigin + performance.now() + skew });
    const [, hostEnd] = connect(sender, host());
    sender.finish();
    // The host asks the clock ten times, spread over a second and a half, before any block moves.
    await vi.waitFor(
      () => {
        expect(sender.isDelivered).toBe(true);
      },
      { timeout: 5_000 },
    );
    const row = await getRecording(receivedTrackId(info.recordingId));
    // Off by at most half the shortest round trip, which here is well under a few milliseconds.
    expect(Math.abs((row?.startedAt ?? 0) - began)).toBeLessThan(5);
    // A start that rests on so short a round trip is not asked again once the file is finished.
    expect(hostEnd.sent.filter((m) => typeof m === 'string' && m.includes('"t":"clock"'))).toHaveLength(10);
  });

  /**
   * A transfer whose start the host measured while the participant's page, its recorder starting, took
   * each question 300 ms late and answered at once: the start is put about 150 ms off, as half of that
   * one-sided delay. Once measured, the page answers at once again.
   */
  async function startMeasuredOnBusyPage(seed: number) {
    const now = () => performance.timeOrigin + performance.now();
    const began = now() - 1_000;
    const file = new GrowingFile();
    file.append(BLOCK_BYTES + 9, seed);
    const info = recordingInfo(began);
    const sender = new TrackSender(info, { readFile: file.read, onProgress: () => undefined, reopen: () => undefined, now });
    const to = host();
    const [guestEnd, hostEnd] = connect(sender, to);
    let busy = true;
    /** Clock questions kept from the participant until let go: a page too busy to answer. */
    let held: MessageEvent[] | null = null;
    const deliver = guestEnd.onmessage;
    guestEnd.onmessage = (event: MessageEvent) => {
      const clock = String(event.data).includes('"t":"clock"');
      if (clock && held) held.push(event);
      else if (busy && clock) setTimeout(() => deliver?.(event), 300);
      else deliver?.(event);
    };
    const holdClock = () => {
      held = [];
    };
    const releaseClock = () => {
      const events = held ?? [];
      held = null;
      for (const event of events) deliver?.(event);
    };
    const startOnHost = async () => (await getRecording(receivedTrackId(info.recordingId)))?.startedAt;
    await vi.waitFor(
      async () => {
        expect(await startOnHost()).toBeDefined();
      },
      { timeout: 8_000 },
    );
    const measured = await startOnHost();
    busy = false;
    const questions = () => hostEnd.sent.filter((m) => typeof m === 'string' && m.includes('"t":"clock"')).length;
    return { began, file, info, sender, to, guestEnd, hostEnd, measured, startOnHost, questions, holdClock, releaseClock };
  }

  /**
   * Stop, on a page too busy to answer the clock: the file is finished while the first closing question
   * waits, until the host's card says received.
   */
  async function stopWithClockUnanswered({ file, sender, to, holdClock }: Awaited<ReturnType<typeof startMeasuredOnBusyPage>>): Promise<void> {
    holdClock();
    sender.stopping();
    file.finished = true;
    sender.finish();
    await vi.waitFor(
      () => {
        expect(to.statuses.at(-1)?.phase).toBe('received');
      },
      { timeout: 5_000 },
    );
  }

  it('asks the clock again when the file is finished, and a shorter round trip corrects a start measured on a busy page', async () => {
    const { began, file, info, sender, measured, startOnHost, questions } = await startMeasuredOnBusyPage(21);
    expect(Math.abs((measured ?? 0) - began)).toBeGreaterThan(100);
    await finishDelivered(file, sender);
    expect(questions()).toBe(14);
    expect(Math.abs(((await startOnHost()) ?? 0) - began)).toBeLessThan(5);
    expect(await hostCopy(info.recordingId)).toEqual(file.bytes);
  }, 15_000);

  it('asks the clock again as soon as the participant says it is stopping, while its file is still being finished', async () => {
    const { began, file, info, sender, guestEnd, startOnHost, questions } = await startMeasuredOnBusyPage(22);
    expect(questions()).toBe(10);
    // Stop: the recorder has not finished the file yet; the four questions go meanwhile.
    sender.stopping();
    await vi.waitFor(
      () => {
        expect(questions()).toBe(14);
      },
      { timeout: 5_000 },
    );
    expect(guestEnd.sent.some((m) => typeof m === 'string' && m.includes('"t":"final"'))).toBe(false);
    await finishDelivered(file, sender);
    expect(questions()).toBe(14);
    expect(Math.abs(((await startOnHost()) ?? 0) - began)).toBeLessThan(5);
    expect(await hostCopy(info.recordingId)).toEqual(file.bytes);
  }, 15_000);

  it('the card says received once the copy is checked; the participant hears it once the clock asked at the end has answered', async () => {
    const measured = await startMeasuredOnBusyPage(23);
    const { began, file, info, sender, hostEnd, startOnHost, questions, releaseClock } = measured;
    await stopWithClockUnanswered(measured);
    // Not all four closing questions have been asked yet, and the participant has not been told.
    expect(questions()).toBeLessThan(14);
    expect(hostEnd.sent.some((m) => typeof m === 'string' && m.includes('"t":"received"'))).toBe(false);
    expect(sender.isDelivered).toBe(false);
    expect(await hostCopy(info.recordingId)).toEqual(file.bytes);
    releaseClock();
    await vi.waitFor(
      () => {
        expect(sender.isDelivered).toBe(true);
      },
      { timeout: 8_000 },
    );
    // The participant heard it after the four questions, and the start they gave is the row's.
    expect(questions()).toBe(14);
    expect(Math.abs(((await startOnHost()) ?? 0) - began)).toBeLessThan(5);
  }, 15_000);

  it('a host that leaves once the card says received, with the closing clock still out, tells the participant first', async () => {
    const measured = await startMeasuredOnBusyPage(24);
    const { to, hostEnd } = measured;
    await stopWithClockUnanswered(measured);
    const told = () => hostEnd.sent.filter((m) => typeof m === 'string' && m.includes('"t":"received"')).length;
    expect(told()).toBe(0);
    // The host leaves: the participant hears its track is received, once, before the channel goes.
    to.receivers.at(-1)?.close();
    expect(told()).toBe(1);
    expect(hostEnd.readyState).toBe('closed');
  }, 15_000);

  it('a transfer resumed on a new channel does not ask the clock again once the start is known', async () => {
    const file = new GrowingFile();
    file.append(BLOCK_BYTES * 2, 12);
    const info = recordingInfo(performance.timeOrigin + performance.now());
    const sender = new TrackSender(info, { readFile: file.read, onProgress: () => undefined, reopen: () => undefined });
    const to = host();
    const [, firstHost] = connect(sender, to);
    await vi.waitFor(
      () => {
        expect(to.statuses.at(-1)?.receivedBytes).toBe(BLOCK_BYTES * 2);
      },
      { timeout: 5_000 },
    );
    const questions = (end: FakeDataChannel) => end.sent.filter((m) => typeof m === 'string' && m.includes('"t":"clock"')).length;
    expect(questions(firstHost)).toBe(10);
    expect((await getRecording(receivedTrackId(info.recordingId)))?.startedAt).toBeDefined();
    firstHost.close();
    file.append(BLOCK_BYTES, 13);
    file.finished = true;
    sender.finish();
    const [, secondHost] = connect(sender, to);
    await vi.waitFor(() => {
      expect(sender.isDelivered).toBe(true);
    });
    expect(questions(secondHost)).toBe(0);
    expect(await hostCopy(info.recordingId)).toEqual(file.bytes);
  });

  it('a clock answer that comes after its question gave up is late, not refused; a start after the participant’s own clock is refused', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    warnings.mockClear();
    const refusals = () => warnings.mock.calls.map((call) => call.map(String).join(' ')).filter((line) => line.includes('refused'));
    /** A participant that answers the host's clock questions its own way, and sends no blocks. */
    const guestAnswering = async (startedAt: number, answer: (index: number) => { delayMs: number; at: number }) => {
      const info = recordingInfo(startedAt);
      const [guestEnd, hostEnd] = FakeDataChannel.pair(`track:${info.recordingId}`);
      new TrackReceiver(asChannel(hostEnd), { roomId: ROOM_ID, participantId: 'gus', participantName: 'Gus', onStatus: () => undefined, claim: () => true, released: () => undefined });
      let asked = 0;
      guestEnd.onmessage = ({ data }: MessageEvent) => {
        const message = JSON.parse(String(data)) as { t: string; sent?: number };
        if (message.t !== 'clock') return;
        const { delayMs, at } = answer(asked++);
        setTimeout(() => {
          if (guestEnd.readyState === 'open') guestEnd.send(JSON.stringify({ t: 'clock-reply', sent: message.sent, at }));
        }, delayMs);
      };
      guestEnd.open();
      guestEnd.send(JSON.stringify({ t: 'begin', ...info }));
      await vi.waitFor(
        () => {
          expect(hostEnd.sent.some((m) => typeof m === 'string' && m.includes('"t":"have"'))).toBe(true);
        },
        { timeout: 8_000 },
      );
      return { row: await getRecording(receivedTrackId(info.recordingId)), guestEnd };
    };
    const now = () => performance.timeOrigin + performance.now();
    // The first answer comes 1.2 s late (a busy page), the rest at once.
    const slow = await guestAnswering(now() - 1_000, (index) => ({ delayMs: index === 0 ? 1_200 : 0, at: now() }));
    expect(refusals()).toEqual([]);
    expect(slow.guestEnd.readyState).toBe('open');
    expect(slow.row?.startedAt).toBeDefined();
    // A start 10 minutes after every answer the participant's clock gave: not taken.
    const future = await guestAnswering(now() + 600_000, () => ({ delayMs: 0, at: now() }));
    expect(refusals().some((line) => line.includes('a start later than the participant’s own clock'))).toBe(true);
    expect(future.row?.startedAt).toBeUndefined();
  });

  it('a participant that does not say when its file began is received, with no start to line up by', async () => {
    const file = new GrowingFile();
    file.append(100, 2);
    file.finished = true;
    const info = recordingInfo(null);
    const sender = new TrackSender(info, { readFile: file.read, onProgress: () => undefined, reopen: () => undefined });
    connect(sender, host());
    sender.finish();
    await vi.waitFor(() => {
      expect(sender.isDelivered).toBe(true);
    });
    expect((await getRecording(receivedTrackId(info.recordingId)))?.startedAt).toBeUndefined();
  });

  it('the host’s copy belongs to the room recording the participant says, only when it is this room’s', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const deliver = async (roomSession: { roomId: string; startedAt: number } | null) => {
      const file = new GrowingFile();
      file.append(BLOCK_BYTES + 10, 5);
      file.finished = true;
      const info = recordingInfo(null, roomSession);
      const sender = new TrackSender(info, { readFile: file.read, onProgress: () => undefined, reopen: () => undefined });
      connect(sender, host());
      sender.finish();
      await vi.waitFor(() => {
        expect(sender.isDelivered).toBe(true);
      });
      return getRecording(receivedTrackId(info.recordingId));
    };
    expect((await deliver(SESSION))?.roomSession).toEqual(SESSION);
    // Another room's recording is nothing this host's library should group by: the track is kept without it.
    expect((await deliver({ roomId: 'elsewhere', startedAt: 5 }))?.roomSession).toBeUndefined();
    expect(warnings.mock.calls.some((call) => call.map(String).join(' ').includes('another room’s recording'))).toBe(true);
    // A participant on an older app says nothing: no session.
    expect((await deliver(null))?.roomSession).toBeUndefined();
    warnings.mockRestore();
  });

  it('a resumed transfer keeps the room recording an earlier begin said, when the new one does not say it', async () => {
    const file = new GrowingFile();
    file.append(BLOCK_BYTES * 2, 6);
    const info = recordingInfo(null, SESSION);
    const first = new TrackSender(info, { readFile: file.read, onProgress: () => undefined, reopen: () => undefined });
    const to = host();
    connect(first, to);
    await vi.waitFor(() => {
      expect(to.statuses.at(-1)?.receivedBytes).toBe(BLOCK_BYTES * 2);
    });
    first.dispose();
    // The same track resumed by an app that does not say which recording it belongs to.
    file.finished = true;
    const again = new TrackSender({ ...info, roomSession: null }, { readFile: file.read, onProgress: () => undefined, reopen: () => undefined });
    connect(again, to);
    again.finish();
    await vi.waitFor(() => {
      expect(again.isDelivered).toBe(true);
    });
    expect((await getRecording(receivedTrackId(info.recordingId)))?.roomSession).toEqual(SESSION);
  });

  it('a new channel takes over from one that went quiet without closing: the transfer finishes on it', async () => {
    const file = new GrowingFile();
    file.append(BLOCK_BYTES * 2 + 9, 9);
    file.finished = true;
    const sender = new TrackSender(recordingInfo(), { readFile: file.read, onProgress: () => undefined, reopen: () => undefined });
    sender.finish();
    // A host that says it holds nothing, then never answers again, and whose channel never closes.
    const [quiet, deaf] = FakeDataChannel.pair(`track:${sender.recording.recordingId}`);
    deaf.onmessage = ({ data }: MessageEvent) => {
      if (typeof data === 'string' && data.includes('"begin"')) deaf.send(JSON.stringify({ t: 'have', count: 0 }));
    };
    sender.attach(asChannel(quiet));
    quiet.open();
    await vi.waitFor(() => {
      expect(quiet.sent.some((m) => typeof m === 'string' && m.includes('"final"'))).toBe(true);
    });
    connect(sender, host());
    await vi.waitFor(() => {
      expect(sender.isDelivered).toBe(true);
    });
    expect(await hostCopy(sender.recording.recordingId)).toEqual(file.bytes);
  });
});
