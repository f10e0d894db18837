/**
 * How a long-lived object (a room session, the studio's capture sources, a recording being started)
 * lets work it began know that it has ended: one AbortSignal per span of its life. Async work takes
 * the signal when it begins and checks it after every await; browser APIs that take a signal
 * (event listeners, Web Locks requests) are handed it and stop by themselves.
 */
export class Lifetime {
  private controller = new AbortController();

  /** The current span's signal: aborted when the span ends. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether the current span has ended. A method, not a getter, so TypeScript reads it afresh after every await. */
  isOver(): boolean {
    return this.controller.signal.aborted;
  }

  /** Ends the span for good. */
  end(): void {
    this.controller.abort();
  }

  /** Ends the current span and begins another: work begun before sees its signal aborted, work begun after does not. */
  renew(): void {
    this.controller.abort();
    this.controller = new AbortController();
  }
}
