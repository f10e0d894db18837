/**
 * One sound feed on its way into the recording: each block is held for a moment after it arrives, so
 * that the blocks arriving just after it (the rest of a burst) have taught the capture clock the
 * source's clock before the block is placed. A burst that a busy thread, or a feed just connected,
 * delivers at once then lands where it was captured, instead of every block of it at the burst's
 * arrival and the sound after it dropped until it caught up (src/media/contract/capture-clock.ts).
 *
 * A feed's first blocks are held longer, until it has been heard for SETTLE_MS. The audio timeline
 * anchors the file's sound on the first block placed and then follows on gaplessly while within its
 * tolerance, so an error in the clock's first estimate stays for the whole file; and a feed connected
 * at Start gives a poor one, its first blocks arriving late and together
 * (docs/decisions/0015-podcast-tracks.md, Where the sound sits).
 */
import { CaptureClock } from '../contract/capture-clock';
import { reportError } from '../../shared/report-error';
import type { ShapedSound } from './sound-shape';

/** Long enough for the rest of a burst to arrive (it comes within a few ms), short beside a recording. */
export const HOLD_MS = 100;
/** How long a new feed is heard before any of it is placed: by then the clock's estimate has stopped moving. */
export const SETTLE_MS = 1500;

interface HeldBlock {
  readonly value: AudioData;
  readonly arrivalMs: number;
  readonly sourceEndMs: number;
  /**
   * The capture clock's offset for this block when the mapping started afresh after it came, on the
   * same clock (a stall); null while the current mapping is its own.
   */
  offsetMs: number | null;
}

export class AudioIntake {
  private readonly capture = new CaptureClock();
  private held: HeldBlock[] = [];
  private firstArrivalMs: number | null = null;

  /** The mapping of the last block handed on, for what shaping held back of it. */
  private lastOffsetMs: number | null = null;

  /**
   * `shape` turns each block into what the recording takes (SoundShaper), with what it held back of the
   * sound before when the block starts a new stream; `flush` gives what shaping still holds back once
   * no block follows.
   */
  constructor(
    private readonly shape: (value: AudioData) => ShapedSound = (value) => ({ heldBack: null, block: value }),
    private readonly flush: () => AudioData | null = () => null,
  ) {}

  /** Learns from a block that arrived at `arrivalMs`; keeps it to place later when `keep`, else closes it. */
  take(value: AudioData, arrivalMs: number, keep: boolean): void {
    const durationMs = (value.numberOfFrames / value.sampleRate) * 1000;
    const sourceEndMs = value.timestamp / 1000 + durationMs;
    this.firstArrivalMs ??= arrivalMs;
    const { restarts, clockChanges, offsetMs } = this.capture;
    this.capture.observe(arrivalMs, sourceEndMs);
    if (this.capture.clockChanges !== clockChanges) {
      // A new track processor stamps its first few blocks (some 80 ms) on the sending page's clock,
      // then the rest on another (0.45 s behind in the studio, 3.3 s in a room's tab). Mapped by the
      // new clock, the blocks held from before landed seconds into the file and the timeline dropped
      // the sound up to there; mapped by their own, whose estimate rests on a few late blocks, they
      // anchored the timeline and every block after them followed their error. They are left out.
      for (const block of this.held) block.value.close();
      this.held = [];
      // So is what shaping held back of the sound already placed: by the new clock it would land far off.
      this.dropHeldBack();
    } else if (this.capture.restarts !== restarts) {
      // The same clock, a block very late (a stall): what is held keeps the mapping it had.
      for (const block of this.held) block.offsetMs ??= offsetMs;
    }
    if (keep) this.held.push({ value, arrivalMs, sourceEndMs, offsetMs: null });
    else value.close();
  }

  /** Whether the feed is still being heard before any of it is placed (none is, until `nowMs` passes SETTLE_MS from its first block). */
  settling(nowMs: number): boolean {
    return this.firstArrivalMs !== null && nowMs < this.firstArrivalMs + SETTLE_MS;
  }

  /**
   * Hands each block that arrived HOLD_MS or more before `nowMs` to `place`, with when (on this thread's
   * clock) its capture began and ended; `place` owns the block from then on. Nothing while settling.
   */
  release(nowMs: number, place: (value: AudioData, capturedStartMs: number, capturedEndMs: number) => void): void {
    if (this.settling(nowMs)) return;
    const arrivedBy = nowMs - HOLD_MS;
    while (this.held.length > 0 && (this.held[0]?.arrivalMs ?? Number.POSITIVE_INFINITY) <= arrivedBy) {
      const block = this.held.shift();
      if (!block) break;
      let shaped: ShapedSound;
      try {
        shaped = this.shape(block.value);
      } catch (error) {
        // A block the browser cannot convert is left out (the file's silence filling covers it); the
        // feed, a pause and Stop go on.
        block.value.close();
        reportError('recording: convert a block of sound', error);
        continue;
      }
      // What was held back of the sound before keeps that sound's mapping. A resampled block ends a
      // little before the block it came from (the resampler waits for the samples after each point),
      // and says so in its own timestamp.
      if (shaped.heldBack) this.placeShaped(shaped.heldBack, null, this.lastOffsetMs, place);
      if (shaped.block) this.placeShaped(shaped.block, shaped.block === block.value ? block.sourceEndMs : null, block.offsetMs, place);
      this.lastOffsetMs = block.offsetMs;
    }
  }

  private dropHeldBack(): void {
    try {
      this.flush()?.close();
    } catch (error) {
      reportError('recording: convert the last sound of a feed', error);
    }
  }

  /**
   * Hands every block held to `place`, then what shaping still holds back: at a pause, Stop or the
   * feed's end, when no block follows to carry it.
   */
  drain(place: (value: AudioData, capturedStartMs: number, capturedEndMs: number) => void): void {
    this.release(Number.POSITIVE_INFINITY, place);
    let rest: AudioData | null;
    try {
      rest = this.flush();
    } catch (error) {
      reportError('recording: convert the last sound of a feed', error);
      return;
    }
    if (rest) this.placeShaped(rest, null, this.lastOffsetMs, place);
  }

  /**
   * Places a block by where it ends on the source's clock (`sourceEndMs`, or its own timestamp and
   * length), mapped by `offsetMs` when its clock is no longer the current one.
   */
  private placeShaped(shaped: AudioData, sourceEndMs: number | null, offsetMs: number | null, place: (value: AudioData, capturedStartMs: number, capturedEndMs: number) => void): void {
    const durationMs = (shaped.numberOfFrames / shaped.sampleRate) * 1000;
    const sourceEnd = sourceEndMs ?? shaped.timestamp / 1000 + durationMs;
    const capturedEndMs = offsetMs === null ? this.capture.captureOf(sourceEnd) : sourceEnd + offsetMs;
    place(shaped, capturedEndMs - durationMs, capturedEndMs);
  }
}
