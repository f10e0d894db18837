/**
 * A participant's side of one track transfer: sends their own recording to the host block by
 * block while it is being made, and, once it is finished, checks with the host block by block and
 * as a whole (SHA-256) until the host's copy is the same bytes (docs/decisions/0015-podcast-tracks.md).
 * Each channel gets a loop of its own; a channel that closes is replaced (the owner is asked for a new
 * one), the host says what it holds, and sending goes on from there.
 */
import { BLOCK_BYTES, HASHES_PER_MESSAGE, READ_BLOCKS, blockCount, blockSha256, blocksDigest, digestFile, encodeBlock, parseReceiverMessage, shortDigest, toRanges, type FileDigest, type ReceiverMessage, type SenderMessage } from './track-transfer-protocol';
import { SenderFileReads, type StoredRead } from './sender-file-reads';
import { reportError } from '../../../shared/report-error';
import type { RoomRecordingSession } from '../../../media';
import { epochNow } from '../../../shared/wall-clock';

/** Above this much waiting in the channel, sending waits for it to drain. */
const HIGH_WATER_BYTES = 1024 * 1024;
const LOW_WATER_BYTES = 256 * 1024;
/** Blocks sent over a channel but not yet written by the host: the host's storage sets the pace too. */
const MAX_UNWRITTEN_BLOCKS = 48;
/** While recording, how often the file is looked at for new whole blocks. */
const POLL_MS = 1000;
/**
 * Blocks read from the stored file together, then sent one by one: each read of a disk-backed Blob is
 * a round trip to the browser, and on a machine busy with a call and a recording one took a good part
 * of a second (docs/decisions/0015-podcast-tracks.md). 1 MB, as much as the channel may buffer.
 */
const READ_AHEAD_BLOCKS = 16;
/** A SHA-256's length in bytes. */
const SHA_BYTES = 32;
/**
 * How long the host may go without a word while it checks the finished file before the channel is
 * renewed. A host reading back a long track says it is still at it (an `ack`) every few seconds.
 */
const ANSWER_WAIT_MS = 60_000;
/** A closed channel is asked for again after this long, then twice as long, up to the cap. */
const REOPEN_MS = 1000;
const REOPEN_MAX_MS = 15_000;

export interface OwnRecording {
  recordingId: string;
  createdAt: number;
  width: number;
  height: number;
  /** The file's first instant on this computer's clock (ms since the epoch); null when not known. */
  startedAt: number | null;
  /** The room recording it belongs to; null when not known (a track remembered by an older app). */
  roomSession: RoomRecordingSession | null;
}

export interface SenderFile extends StoredRead {
  /**
   * While recording: bytes from the start the recorder will not write again (a WebM muxer goes back to
   * each cluster's size when it closes it); the whole file so far when not known.
   */
  settled?: number;
  /**
   * The file's size as the row said it with `settled` (the chunks read may already hold more, stored
   * before the row was told): while recording nothing past it is sent.
   */
  recordedSize?: number;
  durationMs: number;
  /**
   * Once finished: the byte ranges the recorder wrote again after they had settled (the row's
   * `reopenedRanges`); absent when not known, and then the whole file is read to check it.
   */
  reopened?: readonly (readonly [number, number])[];
  /** The file's type, as its row keeps it. */
  mimeType: string;
}

export interface SendProgress {
  /** Bytes the host holds from the start of the file. */
  sentBytes: number;
  /** Bytes of the participant's own copy so far. */
  totalBytes: number;
  finished: boolean;
  /** The host's copy is whole and checked. */
  delivered: boolean;
  connected: boolean;
}

export interface TrackSenderDeps {
  /**
   * The file from (at least) byte `from` on; with `to`, only the chunks that begin before it. Only what
   * the host lacks is read, so a long recording's chunks are not all listed every poll.
   */
  readFile(from: number, to?: number): Promise<SenderFile>;
  onProgress(progress: SendProgress): void;
  /** Asks for a new channel to the host (the owner attaches it, or does once the host is reachable). */
  reopen(): void;
  /** This computer's clock in milliseconds since the epoch (another clock in tests). */
  now?: () => number;
}

/** One channel's transfer state: a new channel starts from what the host says it holds. */
interface Run {
  channel: RTCDataChannel;
  /** Next block to send while recording. */
  next: number;
  /** Blocks sent over this channel, and blocks the host has written from them. */
  sent: number;
  written: number;
  /** What the host asked for again after the digests, once it answered. */
  wanted: [number, number][] | null;
  /** The host checks the finished file by its blocks' digests (an older host hashes the file itself). */
  blocksCheck: boolean;
  /** When the host last said anything (performance.now()). */
  heardAt: number;
  /** The host has said what it holds: the transfer is under way. */
  started: boolean;
}

export class TrackSender {
  private current: Run | null = null;
  /** Blocks the host holds from the start (for progress). */
  private held = 0;
  private finished = false;
  private stopped = false;
  private delivered = false;
  private totalBytes = 0;
  /** The recording's length as last read. */
  private durationMs = 0;
  /** Loops asleep, woken by anything that happens. */
  private readonly waiters = new Set<() => void>();
  private disposed = false;
  private reopenDelay = REOPEN_MS;
  private reopenTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * The finished file's digests, once made: a finished recording does not change, so a check after
   * blocks were sent again, or over a new channel, does not read and hash the whole file again.
   */
  private finishedDigest: { size: number; digest: FileDigest } | null = null;
  /**
   * Per block, its SHA-256 as it was last sent (`sentKnown` says which are known): blocks the recorder
   * rewrote once they had gone (a WebM header, written when the file is finished) are sent again before
   * the host is asked to check, rather than found by the check, which costs a round trip and a second
   * check after Stop; and the finished file's digests are made of these, reading back only the blocks
   * the recorder wrote again and those not sent (a ten-minute track is some 1,000 blocks, and on a
   * loaded machine reading it all back took seconds). 33 bytes a block: 6.6 MB for a three-hour track.
   */
  private sentShas = new Uint8Array(SHA_BYTES * 1024);
  private sentKnown = new Uint8Array(1024);
  /** Digests of sent blocks not yet noted. */
  private readonly digesting = new Set<Promise<void>>();

  constructor(
    readonly recording: OwnRecording,
    private readonly deps: TrackSenderDeps,
  ) {}

  get isDelivered(): boolean {
    return this.delivered;
  }

  /** A fresh channel to the host: replaces the last one and starts (or resumes) the transfer. */
  attach(channel: RTCDataChannel): void {
    if (this.disposed || this.delivered) {
      channel.close();
      return;
    }
    clearTimeout(this.reopenTimer);
    const previous = this.current;
    const run: Run = { channel, next: 0, sent: 0, written: 0, wanted: null, blocksCheck: false, heardAt: performance.now(), started: false };
    this.current = run;
    previous?.channel.close();
    this.poke(); // a loop of the previous channel wakes and ends
    channel.binaryType = 'arraybuffer';
    channel.bufferedAmountLowThreshold = LOW_WATER_BYTES;
    channel.onopen = () => {
      const { recordingId, createdAt, width, height, startedAt, roomSession } = this.recording;
      this.send(run, { t: 'begin', recordingId, createdAt, width, height, startedAt, roomSession });
    };
    channel.onmessage = ({ data }: MessageEvent<unknown>) => {
      const message = parseReceiverMessage(data);
      if (message && this.current === run) {
        run.heardAt = performance.now();
        this.onMessage(run, message);
      }
    };
    channel.onclose = () => {
      if (this.current !== run) return;
      this.current = null;
      this.report();
      this.poke();
      this.scheduleReopen();
    };
    channel.onbufferedamountlow = () => {
      this.poke();
    };
  }

  /**
   * The participant's recording is stopping: the host hears so at once, and keeps what comes from here on
   * to store it with the finished row (docs/decisions/0015-podcast-tracks.md).
   */
  stopping(): void {
    if (this.stopped) return;
    this.stopped = true;
    const run = this.current;
    if (run?.started) this.send(run, { t: 'progress', recorded: this.totalBytes, durationMs: this.durationMs, finished: true });
    this.poke();
  }

  /** The participant's recording is finished: what is left is sent, and the copy checked. */
  finish(): void {
    this.finished = true;
    this.report();
    this.poke();
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.reopenTimer);
    const run = this.current;
    this.current = null;
    run?.channel.close();
    this.poke();
  }

  private onMessage(run: Run, message: ReceiverMessage): void {
    switch (message.t) {
      case 'clock':
        // Answered at once: the time between the question and the answer is what the host measures.
        this.send(run, { t: 'clock-reply', sent: message.sent, at: (this.deps.now ?? epochNow)() });
        return;
      case 'have':
        // Sending starts from what the host holds; the check at the end catches anything else.
        this.held = message.count;
        run.next = message.count;
        run.started = true;
        run.blocksCheck = message.blocksCheck;
        this.reopenDelay = REOPEN_MS;
        this.report();
        void this.loop(run).catch((error: unknown) => {
          reportError('podcast track: send to the host', error);
          // A failed read or digest: a new channel starts the transfer again from what the host holds.
          if (this.current === run) run.channel.close();
        });
        break;
      case 'ack':
        this.held = Math.max(this.held, message.count);
        run.written = Math.max(run.written, message.written);
        this.report();
        break;
      case 'want':
        run.wanted = message.ranges;
        break;
      case 'received':
        this.delivered = true;
        this.report();
        this.current = null;
        run.channel.close();
        break;
    }
    this.poke();
  }

  private scheduleReopen(): void {
    if (this.disposed || this.delivered) return;
    clearTimeout(this.reopenTimer);
    this.reopenTimer = setTimeout(() => {
      if (!this.current && !this.disposed && !this.delivered) this.deps.reopen();
    }, this.reopenDelay);
    this.reopenDelay = Math.min(REOPEN_MAX_MS, this.reopenDelay * 2);
  }

  /** Runs while `run` is this sender's channel: sends as the file grows, then checks the finished file. */
  private async loop(run: Run): Promise<void> {
    while (this.live(run) && !this.delivered) {
      // While the recorder finishes the file its storage is left to it: a read now stood in the queue
      // of its last writes, and the file went a second later (docs/decisions/0015-podcast-tracks.md).
      if (this.stopped && !this.finished) {
        await this.sleep(POLL_MS);
        continue;
      }
      const reads = new SenderFileReads(await this.deps.readFile(run.next * BLOCK_BYTES), (from, to) => this.deps.readFile(from, to));
      const { file, size } = reads;
      this.totalBytes = size;
      this.durationMs = file.durationMs;
      if (!file.finished) {
        // Only whole blocks the recorder is done with: the last one is still growing, and the open
        // cluster's size is written when it closes (sent earlier, its block would go twice).
        const told = Math.min(size, file.recordedSize ?? size);
        const whole = Math.floor(Math.min(told, file.settled ?? told) / BLOCK_BYTES);
        // Said first: once the recording is stopping, the host keeps the blocks that follow for the finished row.
        this.send(run, { t: 'progress', recorded: size, durationMs: file.durationMs, finished: this.stopped });
        while (run.next < whole && this.live(run)) await this.sendBlock(run, reads, run.next++, whole);
        this.report();
        await this.sleep(POLL_MS);
        continue;
      }
      await this.check(run, reads);
    }
  }

  /** The finished file: every block the host lacks or holds differently is sent, then its copy is checked whole. */
  private async check(run: Run, reads: SenderFileReads<SenderFile>): Promise<void> {
    const { file, size } = reads;
    const count = blockCount(size);
    // Said first: the host then keeps the last blocks to store them with the finished row.
    this.send(run, { t: 'progress', recorded: size, durationMs: file.durationMs, finished: true });
    // The blocks the digests need read back from before what was just read (the header) are read
    // while the rest goes.
    if (run.blocksCheck && file.reopened && this.finishedDigest?.size !== size) {
      const before = this.blocksToDigest(size, file.reopened).filter((index) => index * BLOCK_BYTES < file.offset);
      // The first range only: the reads kept are few, and the tail's own must not push this one out.
      const [first] = toRanges(before, 1);
      if (first) reads.readAhead(first[0], first[1], READ_BLOCKS);
    }
    while (run.next < count && this.live(run)) await this.sendBlock(run, reads, run.next++, count);
    const digest = await this.digestOf(reads, { ofFile: !run.blocksCheck });
    if (!this.live(run)) return;
    for (const index of await this.rewrittenSinceSent(digest.blocks)) {
      if (!this.live(run)) return;
      await this.sendBlock(run, reads, index, index + 1);
    }
    if (!this.live(run)) return;
    run.wanted = null;
    const hashMessages = Math.ceil(digest.blocks.length / HASHES_PER_MESSAGE);
    const check = run.blocksCheck ? { check: 'blocks' as const, sha256: digest.ofBlocks } : { check: 'file' as const, sha256: digest.ofFile ?? '' };
    this.send(run, { t: 'final', size, durationMs: file.durationMs, ...check, hashMessages, mimeType: file.mimeType });
    for (let from = 0; from < digest.blocks.length; from += HASHES_PER_MESSAGE) {
      this.send(run, { t: 'hashes', from, list: digest.blocks.slice(from, from + HASHES_PER_MESSAGE) });
    }
    this.report();
    const askedAt = performance.now();
    while (this.live(run) && !this.delivered && this.wantedOf(run) === null) {
      // A host that goes silent (its storage failed without closing): a new channel starts over.
      if (performance.now() - Math.max(askedAt, run.heardAt) > ANSWER_WAIT_MS) {
        run.channel.close();
        return;
      }
      await this.sleep(POLL_MS * 5);
    }
    for (const [from, to] of this.wantedOf(run) ?? []) {
      for (let index = from; index < Math.min(to, count) && this.live(run); index++) await this.sendBlock(run, reads, index, Math.min(to, count));
    }
  }

  private async digestOf(reads: SenderFileReads<SenderFile>, { ofFile }: { ofFile: boolean }): Promise<FileDigest> {
    const { file, size } = reads;
    const kept = this.finishedDigest;
    if (kept?.size === size && (!ofFile || kept.digest.ofFile !== null)) return kept.digest;
    const digest = !ofFile && file.reopened ? await this.digestFromSent(reads, file.reopened) : await digestFile(await reads.whole(), { ofFile });
    this.finishedDigest = { size, digest };
    return digest;
  }

  /**
   * The finished file's block digests, from those taken as each block was sent where the recorder did
   * not write the block again since; the others (its header, blocks never sent) are read and digested.
   */
  private async digestFromSent(reads: SenderFileReads<SenderFile>, reopened: readonly (readonly [number, number])[]): Promise<FileDigest> {
    await Promise.all(this.digesting);
    const count = blockCount(reads.size);
    const toRead = this.blocksToDigest(reads.size, reopened);
    const shas = Array.from({ length: count }, (_, index) => this.sentSha(index) ?? new Uint8Array(0));
    const digests: Promise<void>[] = [];
    for (const [from, to] of toRanges(toRead, Infinity)) {
      for (let index = from; index < to; index++) {
        // One block at a time: the next may be among the blocks this one's read brought along.
        const block = await reads.block(index, to, READ_BLOCKS);
        digests.push(
          blockSha256(block).then((sha) => {
            shas[index] = sha;
          }),
        );
      }
    }
    await Promise.all(digests);
    return { blocks: shas.map(shortDigest), ofBlocks: blocksDigest(shas), ofFile: null };
  }

  /**
   * Blocks of a finished file of `size` whose digests must be read and made: those the recorder wrote
   * again after they settled (`reopened`), those never sent, and a last block sent before it was whole.
   */
  private blocksToDigest(size: number, reopened: readonly (readonly [number, number])[]): number[] {
    const whole = Math.floor(size / BLOCK_BYTES);
    const toRead: number[] = [];
    for (let index = 0; index < blockCount(size); index++) {
      const start = index * BLOCK_BYTES;
      const touched = reopened.some(([from, to]) => from < start + BLOCK_BYTES && to > start);
      if (index >= whole || touched || !this.sentSha(index)) toRead.push(index);
    }
    return toRead;
  }

  /** Block `index`'s SHA-256 as last sent, or null when not known. */
  private sentSha(index: number): Uint8Array | null {
    if (index >= this.sentKnown.length || this.sentKnown[index] !== 1) return null;
    return this.sentShas.subarray(index * SHA_BYTES, (index + 1) * SHA_BYTES);
  }

  /** Blocks sent whose bytes the finished file (its blocks' short digests) no longer has. */
  private async rewrittenSinceSent(finished: readonly string[]): Promise<number[]> {
    await Promise.all(this.digesting);
    const changed: number[] = [];
    for (let index = 0; index < finished.length; index++) {
      const sent = this.sentSha(index);
      if (sent && shortDigest(sent) !== finished[index]) changed.push(index);
    }
    return changed;
  }

  private noteSent(index: number, sha: Uint8Array | null): void {
    if (index >= this.sentKnown.length) {
      const length = Math.max(index + 1, this.sentKnown.length * 2);
      const known = new Uint8Array(length);
      known.set(this.sentKnown);
      this.sentKnown = known;
      const shas = new Uint8Array(length * SHA_BYTES);
      shas.set(this.sentShas);
      this.sentShas = shas;
    }
    this.sentKnown[index] = sha?.length === SHA_BYTES ? 1 : 0;
    if (sha?.length === SHA_BYTES) this.sentShas.set(sha, index * SHA_BYTES);
  }

  /** Sends block `index` of the file; blocks up to `until` (not included) may be read along with it. */
  private async sendBlock(run: Run, reads: SenderFileReads<SenderFile>, index: number, until: number): Promise<void> {
    while (this.live(run) && (run.channel.bufferedAmount > HIGH_WATER_BYTES || run.sent - run.written >= MAX_UNWRITTEN_BLOCKS)) await this.sleep(POLL_MS);
    if (!this.live(run)) return;
    const block = await reads.block(index, until, READ_AHEAD_BLOCKS);
    if (!this.live(run)) return;
    run.channel.send(encodeBlock(index, block));
    run.sent += 1;
    // A digest that fails only leaves the block not known: the host's check still compares it.
    const noted: Promise<void> = blockSha256(block)
      .then((sha) => {
        this.noteSent(index, sha);
      })
      .catch(() => {
        this.noteSent(index, null);
      })
      .finally(() => this.digesting.delete(noted));
    this.digesting.add(noted);
  }

  private send(run: Run, message: SenderMessage): void {
    if (this.live(run)) run.channel.send(JSON.stringify(message));
  }

  /** Whether `run` is still this sender's open channel (a method: it changes while a loop awaits). */
  private live(run: Run): boolean {
    return !this.disposed && this.current === run && run.channel.readyState === 'open';
  }

  private wantedOf(run: Run): [number, number][] | null {
    return run.wanted;
  }

  /** Waits up to `ms`, or until something happens (a message, the channel draining or closing, the finish). */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  private poke(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  private report(): void {
    this.deps.onProgress({
      sentBytes: Math.min(this.totalBytes, this.held * BLOCK_BYTES),
      totalBytes: this.totalBytes,
      finished: this.finished,
      delivered: this.delivered,
      connected: this.current?.channel.readyState === 'open',
    });
  }
}
