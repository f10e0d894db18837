/**
 * The files of one room recording as they are finished: early (a participant left) or at Stop.
 * One file that fails keeps its bytes for recovery and is counted; Stop fails only when no file at
 * all could be finished. Both pipelines (worker encoders, page MediaRecorders) keep their tally here.
 */
import type { RecordingResult, RoomStopResult } from './room-recorder-api';

export class FinishedFiles {
  private readonly early: RecordingResult[] = [];
  private failedEarly = 0;

  reset(): void {
    this.early.length = 0;
    this.failedEarly = 0;
  }

  /** Bytes of the files finished early. */
  get bytes(): number {
    return this.early.reduce((sum, r) => sum + r.size, 0);
  }

  /** Finishes one file while the recording goes on; its failure is only counted. */
  async finishEarly(finish: () => Promise<RecordingResult | null>): Promise<RecordingResult | null> {
    try {
      const result = await finish();
      if (result) this.early.push(result);
      return result;
    } catch {
      this.failedEarly += 1;
      return null;
    }
  }

  /** Every file of the recording, given how the files still open at Stop settled; starts a new tally. */
  atStop(settled: readonly PromiseSettledResult<RecordingResult>[]): RoomStopResult {
    const results = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    const early = [...this.early];
    const failedCount = this.failedEarly + settled.length - results.length;
    this.reset();
    if (failed && results.length === 0 && early.length === 0) throw failed.reason;
    return { results: [...early, ...results], failed: failedCount };
  }
}
