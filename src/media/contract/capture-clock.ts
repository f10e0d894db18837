/**
 * When each block of a sound track was captured, on this thread's clock (performance.now()). A block's
 * own timestamp says when it was captured on the source's clock; its arrival here is that plus a delay
 * that is short when nothing holds it up and long when the thread was busy, after which blocks come in a
 * burst. The least delay over the last few seconds is the source's clock to ours: blocks are then
 * placed where they arrived when nothing held them up, however late they came, and sound lost upstream
 * leaves its gap where it was instead of pulling what follows earlier.
 *
 * The mapping starts afresh when the source's clock moves against ours rather than a block being late:
 * at once when a block is stamped before the one before it, or more than a second further on than the
 * time between their arrivals (which a burst, a stall or blocks dropped upstream never make: those
 * advance the stamps by the sound between them, no more than the time that passed), or is later than
 * the least delay by more than a second (Chromium's first few blocks of a new track processor carry the sending page's clock,
 * and the rest another: 0.45 s earlier in the studio, 3.3 s in a room's tab, almost 6 s in one run),
 * and when every block has been
 * later by more than 150 ms for 2.5 s (an audio thread that lost time: page-fed sound's timestamps
 * count samples). A busy moment passes sooner: its burst ends with blocks on time. (At 50 ms for 1.5 s,
 * a slow start in a room's tab moved the mapping by 80 ms mid-recording.) Slow drift is followed by
 * the window itself.
 */
export const CAPTURE_WINDOW_MS = 3000;
export const JUMP_MS = 1000;
export const LAG_MS = 150;
export const LAGGING_FOR_MS = 2500;
/**
 * A block stamped this much before the end of the one before is on another clock: blocks are 10-20
 * ms, and a device's clock stepping back a little (20 ms) is followed by the window instead.
 */
export const BACKWARDS_MS = 100;

export class CaptureClock {
  /** (arrival, offset) pairs whose offsets increase: the window's least offset is the first. */
  private readonly candidates: { arrivalMs: number; offsetMs: number }[] = [];
  /** Since when every block has been later than the least delay by more than LAG_MS. */
  private laggingSince: number | null = null;
  /** How many times the mapping has started afresh: blocks stamped before a restart are on the old clock. */
  private restartCount = 0;
  /** How many of those restarts were a block stamped out of step with the one before it: the source changed clocks. */
  private clockChangeCount = 0;
  private last: { arrivalMs: number; sourceEndMs: number } | null = null;

  /**
   * Notes a block that ends at `sourceEndMs` on the source's clock and arrived at `arrivalMs`, and
   * returns when its end was captured on this clock (never later than its arrival).
   */
  observe(arrivalMs: number, sourceEndMs: number): number {
    const offsetMs = arrivalMs - sourceEndMs;
    const least = this.candidates[0]?.offsetMs;
    const { last } = this;
    const backwards = last !== null && sourceEndMs < last.sourceEndMs - BACKWARDS_MS;
    const forwards = last !== null && sourceEndMs - last.sourceEndMs > arrivalMs - last.arrivalMs + JUMP_MS;
    const changedClock = backwards || forwards;
    this.last = { arrivalMs, sourceEndMs };
    if (least !== undefined) {
      const late = offsetMs - least;
      if (late <= LAG_MS) this.laggingSince = null;
      else this.laggingSince ??= arrivalMs;
      if (changedClock || late > JUMP_MS || (this.laggingSince !== null && arrivalMs - this.laggingSince >= LAGGING_FOR_MS)) {
        this.candidates.length = 0;
        this.laggingSince = null;
        this.restartCount += 1;
        if (changedClock) this.clockChangeCount += 1;
      }
    }
    while (this.candidates.length > 0 && (this.candidates.at(-1)?.offsetMs ?? Number.NEGATIVE_INFINITY) >= offsetMs) this.candidates.pop();
    this.candidates.push({ arrivalMs, offsetMs });
    while ((this.candidates[0]?.arrivalMs ?? arrivalMs) < arrivalMs - CAPTURE_WINDOW_MS) this.candidates.shift();
    return this.captureOf(sourceEndMs);
  }

  /** When an instant of the source's clock was on this one, by what has been observed so far. */
  captureOf(sourceMs: number): number {
    return sourceMs + this.offsetMs;
  }

  /** This clock less the source's, as observed so far. */
  get offsetMs(): number {
    return this.candidates[0]?.offsetMs ?? 0;
  }

  /** Counts the mapping's fresh starts (see observe). */
  get restarts(): number {
    return this.restartCount;
  }

  /** Counts the fresh starts made because a block was stamped out of step with the one before it. */
  get clockChanges(): number {
    return this.clockChangeCount;
  }
}
