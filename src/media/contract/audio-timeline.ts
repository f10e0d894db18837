/**
 * Places audio blocks on the recording's media clock. Audio arrives in bursts and its device clock
 * drifts from the worker's clock, so each block is stamped gaplessly after the previous one as
 * long as that stays within `tolerance` of the block's arrival time; beyond it the timeline
 * re-anchors (a short gap when audio fell behind) or drops the block (when it ran ahead). After a
 * pause the next block anchors afresh to its arrival, never overlapping what came before.
 */
export class AudioTimeline {
  private next: number | null = null;
  private end = 0;

  constructor(private readonly tolerance = 0.2) {}

  /** Start time for a block of `duration` seconds that arrived at media time `arrival`, or null to drop it. */
  place(arrival: number, duration: number): number | null {
    const natural = Math.max(0, arrival - duration);
    if (this.next === null || this.next < natural - this.tolerance) {
      this.next = Math.max(this.end, natural);
    } else if (this.next > natural + this.tolerance) {
      return null;
    }
    const start = this.next;
    this.next = start + duration;
    this.end = this.next;
    return start;
  }

  /** A pause or a cut: the next block anchors to its own arrival time. */
  interrupt(): void {
    this.next = null;
  }

  /** End of the last placed block. */
  get placedEnd(): number {
    return this.end;
  }
}
