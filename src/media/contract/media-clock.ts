/**
 * A recording's one clock: active time is wall time since Start minus every pause. Both recorder
 * workers (the studio's and the room's) keep time with it, so a pause is left out of every file
 * the same way. Times are in milliseconds from any monotonic source (performance.now()).
 */
export class MediaClock {
  private startedAt = 0;
  private pausedAt: number | null = null;
  private pausedTotal = 0;
  private runningFrom = 0;

  start(now: number): void {
    this.startedAt = now;
    this.pausedAt = null;
    this.pausedTotal = 0;
    this.runningFrom = now;
  }

  /** When the clock last started or resumed: anything captured before it is not in the recording. */
  get runningSince(): number {
    return this.runningFrom;
  }

  /** Stops the clock at `now`; a second pause before a resume changes nothing. */
  pause(now: number): void {
    this.pausedAt ??= now;
  }

  /** Runs the clock again; the paused stretch is never counted. */
  resume(now: number): void {
    if (this.pausedAt === null) return;
    this.pausedTotal += Math.max(0, now - this.pausedAt);
    this.pausedAt = null;
    this.runningFrom = now;
  }

  /** Active time at `now` (never negative, and still while paused). */
  activeMs(now: number): number {
    const pausedNow = this.pausedAt === null ? 0 : Math.max(0, now - this.pausedAt);
    return Math.max(0, now - this.startedAt - this.pausedTotal - pausedNow);
  }
}
