/**
 * How many pictures an encoder has been given but not yet returned, so a re-encode can hold back
 * until it has caught up. mediabunny waits only while the encoder's own queue holds 4 requests;
 * Chromium's software H.264 encoder takes requests off that queue before encoding them, so about 9
 * decoded pictures (3 MB each at 1080p) stayed alive, and the decoder's picture pool grew to match.
 *
 * An encoder that keeps pictures back on purpose (reordering, look-ahead) would never catch up
 * this closely; the first wait that times out turns the gate off, and the encoder's own queue
 * limit applies from then on.
 */
export class EncoderLag {
  private given = 0;
  private returned = 0;
  private enabled = true;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly maxBehind: number,
    private readonly timeoutMs: number,
  ) {}

  /** A picture went to the encoder. */
  gave(): void {
    this.given += 1;
  }

  /** The encoder returned a packet. */
  returnedOne(): void {
    this.returned += 1;
    const waiting = this.waiters;
    this.waiters = [];
    for (const resolve of waiting) resolve();
  }

  get behind(): number {
    return this.given - this.returned;
  }

  /** Whether the gate still applies (false once the encoder proved to keep pictures back). */
  get gating(): boolean {
    return this.enabled;
  }

  /** Resolves once at most `maxBehind` pictures are inside the encoder, or the gate gave up. */
  async caughtUp(): Promise<void> {
    while (this.enabled && this.behind > this.maxBehind) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const returned = await Promise.race([
        new Promise<boolean>((resolve) => this.waiters.push(() => resolve(true))),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), this.timeoutMs))),
      ]);
      clearTimeout(timer);
      if (!returned) this.enabled = false;
    }
  }
}
