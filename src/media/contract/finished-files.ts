/**
 * The files of one room recording at Stop. One file that fails keeps its bytes for recovery and is
 * counted; Stop fails only when no file at all could be finished. Both pipelines (worker encoders,
 * page MediaRecorders) settle their files here.
 */
import type { RecordingResult, RoomStopResult } from './room-recorder-api';

/** Every file of the recording, given how each settled at Stop. */
export function filesAtStop(settled: readonly PromiseSettledResult<RecordingResult>[]): RoomStopResult {
  const results = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed && results.length === 0) throw failed.reason;
  return { results, failed: settled.length - results.length };
}
