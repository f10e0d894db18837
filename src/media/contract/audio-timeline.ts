/**
 * Places audio blocks on the recording's media clock. Each block comes with the media time its end
 * was captured at (src/media/contract/capture-clock.ts), which jitters by a block or so, and the
 * source's sample clock drifts from the worker's; so each block is stamped gaplessly after the
 * previous one as long as that stays within `tolerance` of where it was captured; beyond it the
 * timeline re-anchors (a gap where sound was lost) or drops the block (when it ran ahead). After a
 * pause the next block anchors afresh, never overlapping what came before.
 *
 * The tolerance is the most the sound can drift from the picture before it is put back. It was
 * 0.2 s when blocks were placed by their arrival, which a busy worker delays by up to that much:
 * sound then sat up to 0.2 s from where it was captured, differently in each file of a room, and
 * after each stall the burst ran ahead and blocks were dropped (docs/decisions/0015-podcast-tracks.md).
 */
export class AudioTimeline {
  private next: number | null = null;
  private end = 0;

  constructor(private readonly tolerance = 0.05) {}

  /** Start time for a block of `duration` seconds whose end was captured at media time `capturedEnd`, or null to drop it. */
  place(capturedEnd: number, duration: number): number | null {
    // Captured before the file began (media time never goes below 0; a file added to a running
    // recording): placed at 0, it would make the sound after it up to the tolerance late.
    if (capturedEnd <= 0) return null;
    const natural = Math.max(0, capturedEnd - duration);
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

  /** A pause or a cut: the next block anchors to where it was captured. */
  interrupt(): void {
    this.next = null;
  }

  /** End of the last placed block. */
  get placedEnd(): number {
    return this.end;
  }
}
