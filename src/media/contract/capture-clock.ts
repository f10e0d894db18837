/**
 * When each block of a sound track was captured, on this thread's clock (performance.now()). A block's
 * own timestamp says when it was captured on the source's clock; its arrival here is that plus a delay
 * that is short when nothing holds it up and long when the thread was busy, after which blocks come in a
 * burst. The least delay over the last few seconds is the source's clock to ours: blocks are then
 * placed where they were captured, however late they arrived, and sound lost upstream leaves its gap
 * where it was instead of pulling what follows earlier. The window follows the two clocks drifting
 * apart. Timestamps that jump by more than a second start it afresh: Chromium's first few blocks of a
 * new track processor carried timestamps almost 6 s from the rest.
 */
export const CAPTURE_WINDOW_MS = 3000;
export const DISCONTINUITY_MS = 1000;

export class CaptureClock {
  /** (arrival, offset) pairs whose offsets increase: the window's least offset is the first. */
  private readonly candidates: { arrivalMs: number; offsetMs: number }[] = [];
  private lastSourceEndMs = Number.NaN;

  /**
   * Notes a block that ends at `sourceEndMs` on the source's clock and arrived at `arrivalMs`, and
   * returns when its end was captured on this clock (never later than its arrival).
   */
  observe(arrivalMs: number, sourceEndMs: number): number {
    const offsetMs = arrivalMs - sourceEndMs;
    if (!(Math.abs(sourceEndMs - this.lastSourceEndMs) <= DISCONTINUITY_MS)) this.candidates.length = 0;
    this.lastSourceEndMs = sourceEndMs;
    while (this.candidates.length > 0 && (this.candidates.at(-1)?.offsetMs ?? Number.NEGATIVE_INFINITY) >= offsetMs) this.candidates.pop();
    this.candidates.push({ arrivalMs, offsetMs });
    while ((this.candidates[0]?.arrivalMs ?? arrivalMs) < arrivalMs - CAPTURE_WINDOW_MS) this.candidates.shift();
    return sourceEndMs + (this.candidates[0]?.offsetMs ?? offsetMs);
  }
}
