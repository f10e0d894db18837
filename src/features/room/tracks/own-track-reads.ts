/**
 * A participant's own stored track as its sender reads it, on the page or in the sending worker: the
 * stored file from (at least) byte `from`, with what the row says of it.
 */
import { readRecordingFileFrom } from '../../../media';
import type { SenderFile } from './track-sender';

/**
 * The file from byte `from` (with `to`, only the chunks that begin before it). A row that is gone
 * (deleted from this computer's library while it was on its way) is `withdrawn`, and the read fails.
 */
export async function readOwnTrack(recordingId: string, from: number, to: number | undefined, withdrawn: () => void): Promise<SenderFile> {
  const { row, offset, bytes } = await readRecordingFileFrom(recordingId, from, to);
  if (!row) {
    withdrawn();
    throw new Error('This recording was deleted before it reached the host');
  }
  const finished = row.state === 'done';
  // What the recorder wrote again is known of a file it finished itself, not of a rewritten copy.
  const reopened = finished && row.fileKey === undefined ? row.reopenedRanges : undefined;
  return { bytes, offset, settled: row.settledSize, recordedSize: row.size, durationMs: row.durationMs, finished, reopened, mimeType: row.mimeType };
}
