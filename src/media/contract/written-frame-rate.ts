/**
 * The frame rate a recording's file really gets: frames every output took, counted over the last few
 * seconds of recording time. The stats card and the keep-up notice say this figure, not the rate the
 * encoding ladder aims for: on content the encoder cannot keep up with, the two differ by several
 * frames a second (docs/decisions/0007-encoder-backpressure.md). Pure: times come from the caller.
 */

/** Seconds of recording the figure covers: long enough to be steady, short enough to follow a step. */
export const WRITTEN_FPS_WINDOW_MS = 3000;

export class WrittenFrameRate {
  /** Recording-time instants (ms, pauses left out) of the frames taken, oldest first. */
  private readonly times: number[] = [];
  private firstAt: number | null = null;

  /** A new recording: nothing counted yet. */
  reset(): void {
    this.times.length = 0;
    this.firstAt = null;
  }

  /** One frame taken by every output, at `recordingMs` of recording time. */
  taken(recordingMs: number): void {
    this.times.push(recordingMs);
    this.firstAt ??= recordingMs;
    this.forgetBefore(recordingMs - WRITTEN_FPS_WINDOW_MS);
  }

  /**
   * Frames per second over the window ending at `recordingMs`, rounded to a whole frame. Over the first
   * second or so it counts from the first frame, never over less than a second. Recording time stands
   * still while paused, so a pause keeps the last figure rather than dropping it to zero.
   */
  perSecond(recordingMs: number): number {
    this.forgetBefore(recordingMs - WRITTEN_FPS_WINDOW_MS);
    if (this.firstAt === null) return 0;
    const spanMs = Math.max(1000, Math.min(WRITTEN_FPS_WINDOW_MS, recordingMs - this.firstAt));
    return Math.round((this.times.length * 1000) / spanMs);
  }

  /** Frames at or before `ms` are out of the window (whether or not anyone asks for the figure). */
  private forgetBefore(ms: number): void {
    while (this.times.length > 0 && (this.times[0] ?? 0) <= ms) this.times.shift();
  }
}
