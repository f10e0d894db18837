/**
 * Makes a stored MediaRecorder file seekable (Stop on the MediaRecorder path, and Recover for such
 * a file) without ever holding it in memory: the space is checked first, the remux streams from the
 * stored chunks into chunks of its own, and one transaction then swaps the files. The original stays
 * whole until that swap, so a failure at any point (a full disk, a closed tab) loses nothing.
 */
import { idbChunkStore } from './idb-chunk-store';
import { clearRewrite, commitRewrite, getRecording, readRecordingFile, readRewrite, rewriteKey, type RecordingRow } from './recordings-db';
import { checkRewriteSpace } from './rewrite-space';
import { mediaDurationMs, remuxInto } from '../webm/remux';

export interface RewriteResult {
  durationMs: number;
  size: number;
}

/**
 * Remuxes recording `id` into a seekable WebM and marks it done. `durationMs`, when given, is what
 * the row records (the recorder's own clock); otherwise the new file's media duration.
 */
export async function rewriteAsSeekable(
  id: string,
  options: { durationMs?: number; onProgress?: (fraction: number) => void } = {},
): Promise<RewriteResult> {
  const row: RecordingRow | undefined = await getRecording(id);
  if (!row) throw new Error('This recording no longer exists');
  const stored = await readRecordingFile(id, row.mimeType);
  await checkRewriteSpace(stored.size);
  // What an interrupted earlier attempt wrote is of no use: it starts again from the stored original.
  await clearRewrite(id);
  try {
    const size = await remuxInto(stored, idbChunkStore(rewriteKey(id)), options.onProgress);
    const durationMs = options.durationMs ?? (await mediaDurationMs(await readRewrite(id)));
    await commitRewrite(id, size, { state: 'done', durationMs, error: undefined });
    return { durationMs, size };
  } catch (error) {
    await clearRewrite(id).catch(() => undefined);
    throw error;
  }
}
