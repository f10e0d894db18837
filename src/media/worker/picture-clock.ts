/**
 * Where a re-encode's pictures have got to, so its sound can wait for them: sound that runs far ahead
 * of the pictures gathers at the front of the file. It may lead by `leadS` at most.
 */
export class PictureClock {
  private videoAt = 0;
  private videoDone = false;
  private waiters: (() => void)[] = [];

  constructor(private readonly leadS: number) {}

  advance(seconds: number): void {
    this.videoAt = Math.max(this.videoAt, seconds);
    this.wake();
  }

  /** The pictures are done (or failed): nothing waits any more. */
  finish(): void {
    this.videoDone = true;
    this.wake();
  }

  /** Resolves once sound at `seconds` is within the lead of the pictures. */
  async waitUntilNear(seconds: number): Promise<void> {
    while (!this.videoDone && seconds - this.videoAt > this.leadS) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  private wake(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const resolve of waiting) resolve();
  }
}
