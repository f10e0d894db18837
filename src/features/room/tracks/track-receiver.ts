/**
 * The host's side of one track transfer: writes a participant's recording into the host's own
 * storage block by block as it arrives (never the whole file in memory), tells the participant what
 * it holds so a broken transfer resumes, and at the end compares its copy with the participant's
 * block by block and whole (SHA-256) before calling it received (docs/decisions/0015-podcast-tracks.md).
 * The participant is a peer: whatever it sends that is not part of the transfer is refused, and a
 * peer that keeps doing so, or sends faster than it may, loses the channel.
 */
import { finishReceivedTrack, heldBlockCount, noteReceived, noteReceivedStart, openReceivedTrack, putReceivedBlocks, receivedBlocks, receivedPositions, receivedTrackId, storageEstimate, type RoomRecordingSession } from '../../../media';
import { estimateClockOffset, onHostClock, type ClockOffset, type ClockSample } from './clock-offset';
import { BLOCK_BYTES, HASHES_PER_MESSAGE, READ_BLOCKS, TRACK_CHANNEL_PREFIX, blockCount, blockSha256, blocksDigest, blocksToResend, decodeBlock, parseSenderMessage, shortDigest, toRanges, streamingSha256, type ReceiverMessage, type SenderMessage } from './track-transfer-protocol';
import { reportError } from '../../../shared/report-error';
import { epochNow } from '../../../shared/wall-clock';

/** How often the received row is touched, so the library knows it is alive and shows its size. */
const NOTE_EVERY_MS = 2000;
/**
 * While a check reads back what was held from before (a long track after a reload or a dropped
 * channel, which can take minutes), the participant hears from the host this often.
 */
const STILL_CHECKING_EVERY_MS = 2000;
/** Blocks waiting to be written: a sender that paces itself never has more than 48 on their way. */
const MAX_QUEUED_BLOCKS = 96;
/**
 * Blocks kept in memory for the check once the participant has said its file is finished, to be stored
 * with the finished row: after Stop the end of a recording is a few; a longer send is written as it
 * comes. Unwritten blocks are not acknowledged, and a sender lets 48 go unwritten before it waits.
 */
const KEPT_FOR_CHECK_BLOCKS = 16;
/** Refusals a channel may earn before it is closed. */
const MAX_REFUSALS = 20;
/**
 * The host's own storage left free, checked every STORAGE_CHECK_BLOCKS written: a participant's track
 * shares the origin's quota with the host's own recording, which must not be the one to run out.
 */
const MIN_FREE_BYTES = 512 * 1024 * 1024;
const STORAGE_CHECK_BLOCKS = 64;
/**
 * Clock round trips at the start of each channel, before any block moves; the shortest one counts.
 * A participant whose recording is just starting may answer late (its page is busy), and the estimate
 * is off by up to half the round trip: the questions are spread over a second and a half so that some
 * come when it is not (docs/decisions/0015-podcast-tracks.md).
 */
const CLOCK_QUESTIONS = 10;
const CLOCK_QUESTION_GAP_MS = 150;
/**
 * Round trips asked again once the participant's file is finished: its recorder has stopped and the
 * channel carries nothing else, so on a loaded machine they come back shorter than those at the start.
 * Close together, as the participant is no longer starting anything: the check waits for them.
 */
const CLOCK_CLOSING_QUESTIONS = 4;
const CLOCK_CLOSING_GAP_MS = 50;
/** An answer later than this is no use for the clock (a quiet channel answers in milliseconds). */
const CLOCK_ANSWER_MS = 1000;
/**
 * A start resting on a round trip this short is off by half of it at most, half a frame at 30 fps: any
 * two tracks so lined up are within a frame of each other (the host's own is not off at all). Asking
 * again at the end could gain nothing that shows, and would keep the track from being received meanwhile.
 */
const CLOCK_GOOD_ENOUGH_MS = 33;

export type TrackPhase = 'recording' | 'sending' | 'checking' | 'received' | 'waiting';

export interface TrackStatus {
  recordingId: string;
  participantId: string;
  name: string;
  /** When the participant's recording began, on their clock. */
  createdAt: number;
  phase: TrackPhase;
  /** Bytes the host holds. */
  receivedBytes: number;
  /** Bytes of the participant's copy, as they last said. */
  totalBytes: number;
  durationMs: number;
  /** How fast blocks have arrived over this connection, for "time left"; 0 before any. */
  bytesPerSecond: number;
  /** The stored row, once the track is received. */
  storedId: string;
}

export interface ReceiverDeps {
  /** This room: a track said to belong to another room's recording is kept without saying so. */
  roomId: string;
  participantId: string;
  participantName: string;
  onStatus(status: TrackStatus): void;
  /**
   * A track whose recording id another connection is sending right now is refused (asked of the page
   * when the receiver runs in a worker, so possibly later).
   */
  claim(recordingId: string, participantId: string): boolean | Promise<boolean>;
  /** This connection is over: its claim goes (the participant may come back under a new id). */
  released(recordingId: string): void;
}

/** A block of the participant's file as it arrived. */
interface Block {
  index: number;
  bytes: Uint8Array<ArrayBuffer>;
}

interface Final {
  size: number;
  durationMs: number;
  sha256: string;
  check: 'blocks' | 'file';
  mimeType: string | null;
  hashMessages: number;
  hashes: string[];
  received: number;
}

export class TrackReceiver {
  private begun = false;
  private storedId: string | null = null;
  /** The recording id this connection claimed at `begin`. */
  private claimed: string | null = null;
  private status: TrackStatus | null = null;
  /** Blocks held, contiguous from 0 (what `ack` says), and blocks written over this channel. */
  private contiguous = 0;
  private written = 0;
  private readonly beyond = new Set<number>();
  private writes: Promise<void> = Promise.resolve();
  private queued = 0;
  /**
   * Blocks handed to the shared write queue and not yet written, and what follows their writing (the
   * `ack`), in the order they were handed: the messages' steps go on meanwhile (docs/decisions/0015-podcast-tracks.md).
   */
  private uncommitted = 0;
  private commits: Promise<void> = Promise.resolve();
  /** Blocks arrived and not yet taken to be written: they go to storage together. */
  private pending: Block[] = [];
  /**
   * Blocks that arrived after the participant said its file is finished, or while the check waited:
   * the check stores them with the finished row, one transaction instead of two or three (on a host
   * busy with a call each waited a second or more; docs/decisions/0015-podcast-tracks.md).
   */
  private unstored: Block[] = [];
  private final: Final | null = null;
  private checking = false;
  private refusals = 0;
  private lastNote = 0;
  /** A size note is being written: the next waits for it rather than queue behind it. */
  private noting = false;
  /** Blocks written over this connection since the first one arrived, for the rate. */
  private firstBlockAt = 0;
  private closed = false;
  /** The clock question waiting for its answer. */
  private clockQuestion: { sent: number; answer: (sample: ClockSample | null) => void } | null = null;
  /** Every question asked on this channel: an answer that comes after its question gave up is late, not foreign. */
  private readonly asked = new Set<number>();
  /** The start this channel put on the host's clock, and the round trip it rests on. */
  private linedUp: { id: string; startedAt: number; offset: ClockOffset } | null = null;
  private clockAskedAgain = false;
  /** The clock asked again at the end (from Stop): the participant hears `received` once it has answered. */
  private closingClock: Promise<void> = Promise.resolve();
  /** The digest of the track received, from when the card says so until the participant has been told. */
  private untold: string | null = null;
  /** The start on the host's clock, lined up again at the end, and the one written with the finished row. */
  private startLinedUpAgain: number | undefined;
  private startFinished: number | undefined;
  /**
   * The SHA-256 of every block this channel stored, taken as it stored it: what the participant changed
   * since shows at once, and the finished file is checked without reading it again.
   */
  private readonly storedDigests = new Map<number, Uint8Array>();
  /** The SHA-256s of blocks being written: the check counts on them, as its own write comes after theirs. */
  private readonly writingDigests = new Map<number, Uint8Array>();

  constructor(
    private readonly channel: RTCDataChannel,
    private readonly deps: ReceiverDeps,
  ) {
    channel.binaryType = 'arraybuffer';
    channel.onmessage = ({ data }: MessageEvent<unknown>) => {
      if (this.closed) return;
      if (data instanceof ArrayBuffer) this.onBlock(data);
      else {
        const message = parseSenderMessage(data);
        if (message) this.onMessage(message);
        else this.refuse('a message that is not one of the transfer’s');
      }
    };
    channel.onclose = () => {
      this.close();
    };
  }

  get participantId(): string {
    return this.deps.participantId;
  }

  get label(): string {
    return this.channel.label;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    // Received, and the guest not told yet (the clock asked at the end still out): told now, so a
    // host who leaves once the card says received does not leave the guest sending it again.
    this.tellReceived();
    if (this.claimed !== null) this.deps.released(this.claimed);
    this.clockQuestion?.answer(null);
    if (this.status && this.status.phase !== 'received') this.update({ phase: 'waiting' });
    if (this.channel.readyState !== 'closed') this.channel.close();
  }

  private onMessage(message: SenderMessage): void {
    switch (message.t) {
      case 'begin':
        if (this.begun) this.refuse('a second begin');
        else if (this.channel.label !== `${TRACK_CHANNEL_PREFIX}${message.recordingId}`) this.refuse('a begin for another recording than its channel’s');
        else {
          this.begun = true;
          this.queue(() => this.begin(message));
        }
        break;
      case 'clock-reply': {
        const question = this.clockQuestion;
        if (question?.sent === message.sent) question.answer({ sent: message.sent, at: message.at, received: epochNow() });
        else if (!this.asked.has(message.sent)) this.refuse('a clock answer to no question');
        break;
      }
      case 'progress':
        if (this.status?.phase === 'received' || this.status?.phase === 'checking') break;
        this.update({ totalBytes: message.recorded, durationMs: message.durationMs, phase: message.finished ? 'sending' : 'recording' });
        if (message.finished) this.askClockAgain();
        break;
      case 'final': {
        if (this.checking || this.storedId === null) {
          this.refuse('a final while the last one is being checked, or before begin');
          break;
        }
        const count = blockCount(message.size);
        if (message.hashMessages !== Math.ceil(count / HASHES_PER_MESSAGE)) {
          this.refuse('a final whose digests do not match its size');
          break;
        }
        this.final = { size: message.size, durationMs: message.durationMs, sha256: message.sha256, check: message.check, mimeType: message.mimeType, hashMessages: message.hashMessages, hashes: [], received: 0 };
        this.update({ totalBytes: message.size, durationMs: message.durationMs, phase: 'sending' });
        this.askClockAgain();
        if (message.hashMessages === 0) this.startCheck();
        break;
      }
      case 'hashes': {
        const final = this.final;
        if (!final || this.checking || message.from !== final.hashes.length || final.hashes.length + message.list.length > blockCount(final.size)) {
          this.refuse('digests out of order or past the file’s end');
          break;
        }
        final.hashes.push(...message.list);
        final.received += 1;
        if (final.received === final.hashMessages) this.startCheck();
        break;
      }
    }
  }

  private async begin(message: Extract<SenderMessage, { t: 'begin' }>): Promise<void> {
    // No room left for it: nothing is taken, and without a `have` the participant waits longer each
    // time before it asks again (its own copy is kept).
    if (await this.storageNearlyFull()) {
      reportError(`podcast track: ${this.deps.participantName}'s track waits`, 'this computer has less than 512 MB of storage left');
      this.close();
      return;
    }
    if (this.hasClosed() || !(await this.deps.claim(message.recordingId, this.deps.participantId))) {
      this.close();
      return;
    }
    // Closed while the page answered: the claim it just made goes back at once.
    if (this.hasClosed()) {
      this.deps.released(message.recordingId);
      return;
    }
    this.claimed = message.recordingId;
    const id = receivedTrackId(message.recordingId);
    const row = await openReceivedTrack({ id, name: `Room recording: ${this.deps.participantName}`, createdAt: message.createdAt, width: message.width, height: message.height, roomSession: this.sessionOf(message) });
    if (this.closed) return;
    this.storedId = id;
    this.contiguous = await heldBlockCount(id, BLOCK_BYTES);
    this.status = {
      recordingId: message.recordingId,
      participantId: this.deps.participantId,
      name: this.deps.participantName,
      createdAt: message.createdAt,
      phase: 'recording',
      receivedBytes: Math.min(row.size || Infinity, this.contiguous * BLOCK_BYTES),
      totalBytes: row.size,
      durationMs: row.durationMs,
      bytesPerSecond: 0,
      storedId: id,
    };
    this.deps.onStatus(this.status);
    // The channel is quiet until `have`: the round trips measure the network, not queued blocks. A
    // track resumed on a new channel was lined up on an earlier one, and its blocks go at once.
    if (row.startedAt === undefined) await this.lineUp(id, message.startedAt);
    this.send({ t: 'have', count: this.contiguous, blocksCheck: true }); // a channel closed meanwhile sends nothing
  }

  /**
   * The room recording a `begin` says its track belongs to. Only this room's recordings are taken
   * (a participant resumes a track only in the room it was recorded in): the library groups tracks
   * by it, and another room's is nothing a peer here could know truly.
   */
  private sessionOf(message: Extract<SenderMessage, { t: 'begin' }>): RoomRecordingSession | undefined {
    const session = message.roomSession;
    if (session === null) return undefined;
    if (session.roomId === this.deps.roomId) return session;
    reportError(`podcast track: from ${this.deps.participantName}`, 'a track said to be of another room’s recording, kept without it');
    return undefined;
  }

  /**
   * Notes when the participant's file began on this computer's clock, from round trips over this
   * channel (clock-offset.ts), so the room's tracks can be lined up. Without an answer the row keeps
   * no start, and the track is left out of aligning rather than put in the wrong place.
   */
  private async lineUp(id: string, startedAt: number | null): Promise<void> {
    if (startedAt === null) return;
    const samples = await this.askClockTimes(CLOCK_QUESTIONS, CLOCK_QUESTION_GAP_MS);
    // A file cannot have begun after the participant's clock answered, once the track was under way.
    const latestAnswer = Math.max(...samples.map((sample) => sample.at));
    if (samples.length > 0 && startedAt > latestAnswer) {
      this.refuse('a start later than the participant’s own clock');
      return;
    }
    const offset = estimateClockOffset(samples);
    if (!offset || this.closed) return;
    this.linedUp = { id, startedAt, offset };
    await noteReceivedStart(id, onHostClock(startedAt, offset));
  }

  /**
   * The participant's recording is stopping (or, from an app that does not say so, its file is
   * finished): the clock is asked again, and the participant hears "received" once it has answered
   * (it then closes the channel). Asked as soon as the participant says it is stopping, while
   * its recorder finishes the file: the sender reads nothing new meanwhile (only blocks already on
   * their way go), and the answers are in before the file is (docs/decisions/0015-podcast-tracks.md).
   */
  private askClockAgain(): void {
    // Once: a start not yet known (a recording stopped before it was) is asked again at the `final`.
    if (this.clockAskedAgain || !this.linedUp) return;
    this.closingClock = this.lineUpAgain().catch((error: unknown) => {
      reportError('podcast track: note when a participant’s file began', error);
    });
  }

  /**
   * The participant's file is finishing: the clock is asked again, once, and a shorter round trip than
   * the one the start rests on replaces it. The questions at the start meet a page busy starting its
   * recorder, on a machine busy recording; these meet an idle channel (docs/decisions/0015-podcast-tracks.md).
   */
  private async lineUpAgain(): Promise<void> {
    const linedUp = this.linedUp;
    if (!linedUp || this.clockAskedAgain || this.closed || linedUp.offset.roundTripMs <= CLOCK_GOOD_ENOUGH_MS) return;
    this.clockAskedAgain = true;
    const offset = estimateClockOffset(await this.askClockTimes(CLOCK_CLOSING_QUESTIONS, CLOCK_CLOSING_GAP_MS));
    if (!offset || offset.roundTripMs >= linedUp.offset.roundTripMs) return;
    this.linedUp = { ...linedUp, offset };
    this.startLinedUpAgain = onHostClock(linedUp.startedAt, offset);
  }

  /** `count` round trips, `gapMs` apart; the answered ones. */
  private async askClockTimes(count: number, gapMs: number): Promise<ClockSample[]> {
    const samples: ClockSample[] = [];
    for (let i = 0; i < count && !this.closed; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
      const sample = await this.askClock();
      if (sample) samples.push(sample);
    }
    return samples;
  }

  private askClock(): Promise<ClockSample | null> {
    const sent = epochNow();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        question.answer(null);
      }, CLOCK_ANSWER_MS);
      const question = {
        sent,
        answer: (sample: ClockSample | null) => {
          clearTimeout(timer);
          if (this.clockQuestion === question) this.clockQuestion = null;
          resolve(sample);
        },
      };
      this.clockQuestion = question;
      this.asked.add(sent);
      this.send({ t: 'clock', sent });
    });
  }

  private onBlock(data: ArrayBuffer): void {
    const block = decodeBlock(data);
    if (!block) {
      this.refuse(`a binary message of ${String(data.byteLength)} bytes that is not a block`);
      return;
    }
    if (this.storedId === null && !this.begun) {
      this.refuse('a block before the transfer said which recording it is');
      return;
    }
    if (this.final !== null && block.index >= blockCount(this.final.size)) {
      this.refuse(`block ${String(block.index)}, past the end of the file`);
      return;
    }
    if (this.status?.phase === 'received') return; // the same bytes again, already checked
    if (this.queued + this.uncommitted >= MAX_QUEUED_BLOCKS) {
      this.refuse('blocks faster than they can be stored');
      this.close();
      return;
    }
    this.queued += 1;
    this.pending.push({ index: block.index, bytes: block.bytes.slice() });
    // One write for every block that arrives before the writing starts (see putReceivedBlocks).
    if (this.pending.length === 1) {
      this.queue(async () => {
        const blocks = this.pending;
        this.pending = [];
        this.queued -= blocks.length;
        const id = this.storedId;
        // A channel that went hands nothing more to storage: a newer one may be writing the same blocks.
        if (id === null || this.closed) return;
        if (this.checking || (this.status?.phase === 'sending' && this.unstored.length + blocks.length <= KEPT_FOR_CHECK_BLOCKS)) {
          this.unstored.push(...blocks);
          return;
        }
        // More than the end of a file: what was kept is written with these, so only the last blocks
        // wait for the check, and what the host says it holds keeps moving.
        const kept = this.unstored;
        this.unstored = [];
        await this.store(id, [...kept, ...blocks]);
      });
    }
  }

  /**
   * Hands `blocks` to the shared write queue and takes their SHA-256s meanwhile (unless given); what is
   * held is said once they are written, in the order they were handed over.
   */
  private async store(id: string, blocks: readonly Block[], known?: readonly (Uint8Array | undefined)[]): Promise<void> {
    this.uncommitted += blocks.length;
    const written = putReceivedBlocks(
      id,
      blocks.map(({ index, bytes }) => ({ position: index * BLOCK_BYTES, bytes })),
    );
    written.catch(() => undefined); // awaited below, in order
    const digests = known ?? (await Promise.all(blocks.map(({ bytes }) => blockSha256(bytes))));
    blocks.forEach(({ index }, i) => {
      const digest = digests[i];
      if (digest) this.writingDigests.set(index, digest);
    });
    const before = this.commits;
    this.commits = (async () => {
      await before;
      try {
        await written;
      } finally {
        this.uncommitted -= blocks.length;
      }
      await this.afterWritten(id, blocks, digests);
    })();
    this.commits.catch((error: unknown) => {
      this.storageFailed(error);
    });
  }

  /** Blocks are written: held, acknowledged, and now and then noted in the row. */
  private async afterWritten(id: string, blocks: readonly Block[], digests: readonly (Uint8Array | undefined)[]): Promise<void> {
    blocks.forEach(({ index }, i) => {
      if (this.writingDigests.get(index) === digests[i]) this.writingDigests.delete(index);
    });
    const checkStorage = Math.floor((this.written + blocks.length) / STORAGE_CHECK_BLOCKS) > Math.floor(this.written / STORAGE_CHECK_BLOCKS);
    this.noteStored(blocks, digests);
    if (checkStorage && (await this.storageNearlyFull())) {
      // Not acknowledged: the participant keeps its copy, and sends the rest once there is room.
      reportError(`podcast track: ${this.deps.participantName}'s track paused`, 'this computer has less than 512 MB of storage left');
      this.close();
      return;
    }
    if (this.status?.phase !== 'received') this.ack();
    // Once the participant's last digests are here the row is written done soon enough.
    if (this.final === null && !this.noting && Date.now() - this.lastNote > NOTE_EVERY_MS) {
      this.lastNote = Date.now();
      this.noting = true;
      noteReceived(id, this.contiguous * BLOCK_BYTES, this.status?.durationMs ?? 0)
        .catch((error: unknown) => {
          this.storageFailed(error);
        })
        .finally(() => {
          this.noting = false;
        });
    }
  }

  /** A write failed: this channel ends (the participant keeps its copy and sends what was not acknowledged again). */
  private storageFailed(error: unknown): void {
    if (this.closed) return;
    reportError('podcast track: store what a participant sent', error);
    this.close();
  }

  /** Blocks now held, with their SHA-256s: what `ack` says, the rate on the card, and the check's digests. */
  private noteStored(blocks: readonly Block[], digests: readonly (Uint8Array | undefined)[]): void {
    const now = performance.now();
    if (this.written === 0) this.firstBlockAt = now;
    blocks.forEach(({ index }, i) => {
      const digest = digests[i];
      if (digest) this.storedDigests.set(index, digest);
      this.written += 1;
      if (index === this.contiguous) {
        this.contiguous += 1;
        while (this.beyond.delete(this.contiguous)) this.contiguous += 1;
      } else if (index > this.contiguous) this.beyond.add(index);
    });
    const receivedBytes = Math.max(this.status?.receivedBytes ?? 0, Math.min(this.contiguous * BLOCK_BYTES, this.status?.totalBytes || Infinity));
    const seconds = (now - this.firstBlockAt) / 1000;
    this.update({ receivedBytes, bytesPerSecond: seconds > 0.5 ? ((this.written - 1) * BLOCK_BYTES) / seconds : 0 });
  }

  /** Less than MIN_FREE_BYTES of the origin's quota is free (unknown counts as room enough). */
  private async storageNearlyFull(): Promise<boolean> {
    const estimate = await storageEstimate();
    return estimate !== null && estimate.quota - estimate.usage < MIN_FREE_BYTES;
  }

  /** Whether the channel has gone (read after an await, where a field read once would be taken as known). */
  private hasClosed(): boolean {
    return this.closed;
  }

  private startCheck(): void {
    this.checking = true;
    this.queue(async () => {
      try {
        await this.check();
      } finally {
        this.checking = false;
      }
    });
  }

  /**
   * Every block is here, as the participant says: compare block by block, then the digest of the whole
   * (of its blocks' digests, or of the file itself for an older participant's app).
   */
  private async check(): Promise<void> {
    const final = this.final;
    const id = this.storedId;
    if (!final || id === null || this.closed) return;
    const count = blockCount(final.size);
    const fresh = this.unstored;
    this.unstored = [];
    const freshDigests = await Promise.all(fresh.map(({ bytes }) => blockSha256(bytes)));
    // The channel went meanwhile: these blocks were never acknowledged, and a newer channel sends them.
    if (this.hasClosed()) return;
    const arrived = new Map(fresh.map(({ index }, i) => [index, freshDigests[i]]));
    const digestOf = (index: number) => arrived.get(index) ?? this.writingDigests.get(index) ?? this.storedDigests.get(index);
    // Blocks stored over this channel that the participant has changed since (the header its muxer
    // writes at the end) are asked for before anything is read.
    const changed = final.hashes.flatMap((digest, index) => {
      const known = digestOf(index);
      return known !== undefined && shortDigest(known) !== digest ? [index] : [];
    });
    if (changed.length > 0) {
      await this.storeArrived(id, fresh, freshDigests);
      this.askAgainFor(changed);
      return;
    }
    this.update({ phase: 'checking' });
    // Every block came over this channel: nothing needs reading, not even which blocks are held (on a
    // host busy with a call, each read of the storage waited a second or more), and the blocks that
    // just arrived are stored with the finished row. Blocks still being written need no waiting for:
    // the finished row is written after them, or not at all if they fail.
    const known = Array.from({ length: count }, (_, index) => digestOf(index));
    if (final.check === 'blocks' && known.every((digest) => digest !== undefined)) {
      const { resend, whole } = this.matches(final, known);
      if (resend.length === 0 && whole === final.sha256) {
        const last = fresh.filter(({ index }) => index < count);
        await this.finish(id, final, last);
        // A newer channel took over meanwhile: only it may say received.
        if (this.hasClosed()) return;
        // The writes before it are written too (the finishing one comes after them, or fails with
        // them), whether or not what follows them has run yet: every block is held.
        this.noteStored(last, last.map(({ index }) => arrived.get(index)));
        this.contiguous = Math.max(this.contiguous, count);
        this.ack();
        this.received(id, final);
        return;
      }
    }
    await this.storeArrived(id, fresh, freshDigests);
    await this.commits; // what is read back must be written
    if (this.hasClosed()) return;
    // Still at it: an `ack` of what it holds keeps the participant from taking the host for gone.
    const stillChecking = setInterval(() => {
      if (!this.closed) this.ack();
    }, STILL_CHECKING_EVERY_MS);
    let held: Awaited<ReturnType<TrackReceiver['heldDigests']>>;
    try {
      held = await this.heldDigests(id, final.size, final.check === 'file');
    } finally {
      clearInterval(stillChecking);
    }
    // The channel went while this read: a newer one checks again, and only it may say received.
    if (this.hasClosed()) return;
    const { resend, whole } = final.check === 'file' ? { resend: this.matches(final, held.blocks).resend, whole: held.ofFile } : this.matches(final, held.blocks);
    if (resend.length === 0 && whole === final.sha256) {
      await this.finish(id, final, []);
      if (this.hasClosed()) return;
      this.received(id, final);
      return;
    }
    // Every block matches its digest but the whole does not: only a collision of the short digests, or
    // a stored block changed since it was stored, does that; every block is read afresh, and all go again.
    if (resend.length === 0) {
      this.storedDigests.clear();
      this.writingDigests.clear();
    }
    this.askAgainFor(resend.length > 0 ? resend : Array.from({ length: count }, (_, i) => i));
  }

  /** Blocks the check took from the writes before it, digested already, stored as they would have been (with their `ack`). */
  private async storeArrived(id: string, blocks: readonly Block[], digests: readonly (Uint8Array | undefined)[]): Promise<void> {
    if (blocks.length > 0) await this.store(id, blocks, digests);
  }

  /** Tells the participant what is held: the blocks from the start, and how many were written over this channel. */
  private ack(): void {
    this.send({ t: 'ack', count: this.contiguous, written: this.written });
  }

  /** Blocks whose digest is not the participant's, and (when none) the digest of them all. */
  private matches(final: Final, blocks: readonly (Uint8Array | undefined)[]): { resend: number[]; whole: string | null } {
    const resend = blocksToResend(
      final.hashes,
      blocks.map((digest) => digest && shortDigest(digest)),
    );
    return { resend, whole: resend.length === 0 ? blocksDigest(blocks.filter((digest) => digest !== undefined)) : null };
  }

  /**
   * The track is whole and checked: its last blocks are stored with its finished row, and with its start
   * if the clock asked again at the end has answered by then.
   */
  private async finish(id: string, final: Final, last: readonly Block[]): Promise<void> {
    const startedAt = this.startLinedUpAgain;
    await finishReceivedTrack(
      id,
      { size: final.size, durationMs: final.durationMs, mimeType: final.mimeType ?? 'video/webm', ...(startedAt !== undefined && { startedAt }) },
      BLOCK_BYTES,
      last.map(({ index, bytes }) => ({ position: index * BLOCK_BYTES, bytes })),
    );
    this.startFinished = startedAt;
  }

  /**
   * Received: the card says so at once, as the copy is whole and checked. The participant hears it once
   * the clock asked again at the end has answered too (it closes the channel when it hears it), and a
   * start so lined up after the row was finished has been written: the start only moves the track by
   * a few milliseconds, and waiting for it kept the card from saying received for up to a second on a
   * busy host (docs/decisions/0015-podcast-tracks.md).
   */
  private received(id: string, final: Final): void {
    this.untold = final.sha256;
    this.update({ phase: 'received', receivedBytes: final.size, totalBytes: final.size });
    void (async () => {
      await this.closingClock;
      const startedAt = this.startLinedUpAgain;
      try {
        if (startedAt !== undefined && startedAt !== this.startFinished) await noteReceivedStart(id, startedAt);
      } catch (error: unknown) {
        reportError('podcast track: note when a participant’s file began', error);
      }
      this.tellReceived();
    })();
  }

  /** Tells the participant its track is received, once. */
  private tellReceived(): void {
    if (this.untold === null) return;
    this.send({ t: 'received', sha256: this.untold });
    this.untold = null;
  }

  /**
   * The SHA-256 of each block of a file of `size` held (undefined where none, or one of another length,
   * is held) and, when `ofFile`, of the held file itself. Blocks this channel stored are not read again
   * unless the file must be hashed; those held from before (a host reload, an earlier channel) are, a
   * few at a time. (A file whose every block came over this channel is checked without it: `check`.)
   */
  private async heldDigests(id: string, size: number, ofFile: boolean): Promise<{ blocks: (Uint8Array | undefined)[]; ofFile: string | null }> {
    const count = blockCount(size);
    const blocks = new Array<Uint8Array | undefined>(count);
    const held = new Set((await receivedPositions(id)).map((position) => position / BLOCK_BYTES));
    const unknown: number[] = [];
    for (let index = 0; index < count; index++) {
      const stored = this.storedDigests.get(index);
      if (stored && held.has(index) && !ofFile) blocks[index] = stored;
      else if (held.has(index)) unknown.push(index);
    }
    if (unknown.length === 0) return { blocks, ofFile: null };
    const reading = new Set(unknown);
    // The last block is shorter: a longer one held from before is not the file's.
    const rows = (await receivedBlocks(id)).filter((row) => reading.has(row.position / BLOCK_BYTES) && row.bytes.size === Math.min(BLOCK_BYTES, size - row.position));
    const whole = ofFile ? streamingSha256() : null;
    let contiguous = 0;
    for (let from = 0; from < rows.length && !this.closed; from += READ_BLOCKS) {
      const batch = rows.slice(from, from + READ_BLOCKS);
      const bytes = new Uint8Array(await new Blob(batch.map((row) => row.bytes)).arrayBuffer());
      let at = 0;
      const digests = batch.map((row) => {
        const block = bytes.subarray(at, at + row.bytes.size);
        at += row.bytes.size;
        if (row.position === contiguous * BLOCK_BYTES) {
          whole?.update(block);
          contiguous += 1;
        }
        return blockSha256(block);
      });
      (await Promise.all(digests)).forEach((digest, i) => {
        blocks[(batch[i]?.position ?? 0) / BLOCK_BYTES] = digest;
      });
    }
    return { blocks, ofFile: whole && contiguous === count ? whole.hex() : null };
  }

  /**
   * Blocks that are not the participant's: sent again, then a new `final` and a new check. The card
   * counts only those as missing: the header block going again is the last 64 KB, not the whole file.
   */
  private askAgainFor(wanted: readonly number[]): void {
    const total = this.final?.size ?? this.status?.totalBytes ?? 0;
    this.final = null;
    this.update({ phase: 'sending', receivedBytes: Math.max(0, total - wanted.length * BLOCK_BYTES) });
    this.send({ t: 'want', ranges: toRanges(wanted) });
  }

  /** Storage writes and checks run one at a time, in the order the messages came. */
  private queue(step: () => Promise<void>): void {
    this.writes = this.writes.then(step).catch((error: unknown) => {
      // A failed write was said already, where it was found.
      this.storageFailed(error);
    });
  }

  /** Whatever a peer sends that is not part of the transfer is dropped and said in the console; enough of it ends the channel. */
  private refuse(what: string): void {
    reportError(`podcast track: refused from ${this.deps.participantName}`, what);
    this.refusals += 1;
    if (this.refusals >= MAX_REFUSALS) this.close();
  }

  private update(patch: Partial<TrackStatus>): void {
    if (!this.status) return;
    this.status = { ...this.status, ...patch };
    this.deps.onStatus(this.status);
  }

  private send(message: ReceiverMessage): void {
    if (this.channel.readyState === 'open') this.channel.send(JSON.stringify(message));
  }
}
