/**
 * Makes a stored MediaRecorder file seekable (Stop on the MediaRecorder path, and Recover for such
 * a file) without ever holding it in memory: the space is checked first, the rewrite streams from
 * the stored chunks into chunks of its own, and one transaction then swaps the files. The original stays
 * whole until that swap, so a failure at any point (a full disk, a closed tab) loses nothing.
 */
import { ChunkWriter } from './chunk-writer';
import { idbChunkStore } from './idb-chunk-store';
import { clearRewrite, commitRewrite, fileKeyOf, getRecording, markRecordingDone, rewriteKey, type RecordingRow } from './recordings-db';
import { openStoredFile } from './stored-file-reader';
import { checkRewriteSpace } from './rewrite-space';
import { rewriteSeekable } from '../container/webm/seekable-rewrite';
import { reportingAs } from '../../shared/report-error';
import { exclusively } from '../../shared/web-locks';

export interface RewriteResult {
  durationMs: number;
  size: number;
}

/**
 * Rewrites recording `id` into a seekable WebM and marks it done. `durationMs`, when given, is what
 * the row records (the recorder's own clock); otherwise the new file's media duration.
 *
 * One rewrite of a recording at a time, in any tab: Stop's and a repair's (an error while Stop
 * finishes, or Recover pressed in two tabs) would otherwise both write the new file's chunks, and the
 * second, starting again, cleared the first's committed file. A recording already rewritten is not
 * rewritten again; it is only marked done.
 */
export function rewriteAsSeekable(id: string, options: { durationMs?: number; onProgress?: (fraction: number) => void } = {}): Promise<RewriteResult> {
  return exclusively(`framecast-rewrite:${id}`, () => rewriteOnce(id, options));
}

async function rewriteOnce(id: string, options: { durationMs?: number; onProgress?: (fraction: number) => void }): Promise<RewriteResult> {
  const row: RecordingRow | undefined = await getRecording(id);
  if (!row) throw new Error('This recording no longer exists');
  if (fileKeyOf(row) === rewriteKey(id)) {
    const durationMs = options.durationMs ?? row.durationMs;
    if (row.state !== 'done') await markRecordingDone(id, { durationMs });
    options.onProgress?.(1);
    return { durationMs, size: row.size };
  }
  const stored = await openStoredFile(id);
  await checkRewriteSpace(stored.size);
  // What an interrupted earlier attempt wrote is of no use: it starts again from the stored original.
  await clearRewrite(id);
  try {
    const output = new ChunkWriter(idbChunkStore(rewriteKey(id)));
    const rewritten = await rewriteSeekable(stored.read, stored.size, output, options.onProgress);
    const durationMs = options.durationMs ?? rewritten.durationMs;
    const size = rewritten.size;
    await commitRewrite(id, size, { state: 'done', durationMs, error: undefined });
    return { durationMs, size };
  } catch (error) {
    await clearRewrite(id).catch(reportingAs('storage: clear a finished rewrite'));
    throw error;
  }
}
