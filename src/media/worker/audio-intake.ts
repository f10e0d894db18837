/**
 * One sound feed on its way into the recording: each block is held for a moment after it arrives, so
 * that the blocks arriving just after it (the rest of a burst) have taught the capture clock the
 * source's clock before the block is placed. A burst that a busy thread, or a feed just connected,
 * delivers at once then lands where it was captured, instead of every block of it at the burst's
 * arrival and the sound after it dropped until it caught up (src/media/contract/capture-clock.ts).
 */
import { CaptureClock } from '../contract/capture-clock';
import { reportError } from '../../shared/report-error';

/** Long enough for the rest of a burst to arrive (it comes within a few ms), short beside a recording. */
export const HOLD_MS = 100;

interface HeldBlock {
  readonly value: AudioData;
  readonly arrivalMs: number;
  readonly sourceEndMs: number;
}

export class AudioIntake {
  private readonly capture = new CaptureClock();
  private held: HeldBlock[] = [];

  /**
   * `shape` turns each block into what the recording takes (SoundShaper), or null for nothing yet;
   * `flush` gives what shaping still holds back once no block follows.
   */
  constructor(
    private readonly shape: (value: AudioData) => AudioData | null = (value) => value,
    private readonly flush: () => AudioData | null = () => null,
  ) {}

  /** Learns from a block that arrived at `arrivalMs`; keeps it to place later when `keep`, else closes it. */
  take(value: AudioData, arrivalMs: number, keep: boolean): void {
    const durationMs = (value.numberOfFrames / value.sampleRate) * 1000;
    const sourceEndMs = value.timestamp / 1000 + durationMs;
    this.capture.observe(arrivalMs, sourceEndMs);
    if (keep) this.held.push({ value, arrivalMs, sourceEndMs });
    else value.close();
  }

  /**
   * Hands each block that arrived by `arrivedBy` to `place`, with when (on this thread's clock) its
   * capture began and ended; `place` owns the block from then on.
   */
  release(arrivedBy: number, place: (value: AudioData, capturedStartMs: number, capturedEndMs: number) => void): void {
    while (this.held.length > 0 && (this.held[0]?.arrivalMs ?? Number.POSITIVE_INFINITY) <= arrivedBy) {
      const block = this.held.shift();
      if (!block) break;
      let shaped: AudioData | null;
      try {
        shaped = this.shape(block.value);
      } catch (error) {
        // A block the browser cannot convert is left out (the file's silence filling covers it); the
        // feed, a pause and Stop go on.
        block.value.close();
        reportError('recording: convert a block of sound', error);
        continue;
      }
      if (!shaped) continue;
      // A resampled block ends a little before the block it came from (the resampler waits for the
      // samples after each point), and says so in its own timestamp.
      this.placeShaped(shaped, shaped === block.value ? block.sourceEndMs : null, place);
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
    if (rest) this.placeShaped(rest, null, place);
  }

  /** Places a block by where it ends on the source's clock: `sourceEndMs`, or its own timestamp and length. */
  private placeShaped(shaped: AudioData, sourceEndMs: number | null, place: (value: AudioData, capturedStartMs: number, capturedEndMs: number) => void): void {
    const durationMs = (shaped.numberOfFrames / shaped.sampleRate) * 1000;
    const capturedEndMs = this.capture.captureOf(sourceEndMs ?? shaped.timestamp / 1000 + durationMs);
    place(shaped, capturedEndMs - durationMs, capturedEndMs);
  }
}
