/**
 * Makes a stored MediaRecorder file seekable (Stop on the MediaRecorder path, and Recover for such
 * a file) without ever holding it in memory: the space is checked first, the rewrite streams from
 * the stored chunks into chunks of its own, and one transaction then swaps the files. The original stays
 * whole until that swap, so a failure at any point (a full disk, a closed tab) loses nothing.
 */
import { ChunkWriter } from './chunk-writer';
import { idbChunkStore } from './idb-chunk-store';
import { clearRewrite, commitRewrite, getRecording, rewriteKey, type RecordingRow } from './recordings-db';
import { openStoredFile } from './stored-file-reader';
import { checkRewriteSpace } from './rewrite-space';
import { rewriteSeekable } from '../container/webm/seekable-rewrite';
import { reportingAs } from '../../shared/report-error';

export interface RewriteResult {
  durationMs: number;
  size: number;
}

/**
 * Rewrites recording `id` into a seekable WebM and marks it done. `durationMs`, when given, is what
 * the row records (the recorder's own clock); otherwise the new file's media duration.
 */
export async function rewriteAsSeekable(
  id: string,
  options: { durationMs?: number; onProgress?: (fraction: number) => void } = {},
): Promise<RewriteResult> {
  const row: RecordingRow | undefined = await getRecording(id);
  if (!row) throw new Error('This recording no longer exists');
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
