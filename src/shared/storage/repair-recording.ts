/**
 * Turns a recording that never finished (a crash, a closed tab, a full disk, a failed encoder)
 * into a clean, seekable WebM in the library. Our own files are repaired in place, a few
 * kilobytes of writes whatever their length; files from MediaRecorder (the fallback pipeline)
 * are rewritten, streaming from the stored chunks into new ones. Each path commits in one
 * transaction, so repair is idempotent and an interrupted repair simply runs again from the same
 * stored bytes.
 */
import { planWebmRepair } from '../webm/repair-plan';
import { editRecordingFile, getRecording, releaseReserve } from './recordings-db';
import { openStoredFile } from './stored-file-reader';

export interface RepairResult {
  id: string;
  durationMs: number;
  size: number;
  /** Bytes of the stored file left out: a block cut off mid-write. */
  droppedBytes: number;
}

export async function repairRecording(id: string, onProgress: (fraction: number) => void = () => undefined): Promise<RepairResult> {
  const row = await getRecording(id);
  if (!row) throw new Error('This recording no longer exists');
  if (row.state === 'done') return { id, durationMs: row.durationMs, size: row.size, droppedBytes: 0 };
  // On its own transaction first: on a full disk, the space it frees is what the repair writes into.
  await releaseReserve(id);
  const stored = await openStoredFile(id);
  const plan = await planWebmRepair(stored.read, stored.size, (fraction) => {
    onProgress(fraction * 0.9);
  });
  if (plan.kind === 'in-place') {
    const size = await editRecordingFile(id, plan, { state: 'done', durationMs: plan.durationMs, error: undefined });
    onProgress(1);
    return { id, durationMs: plan.durationMs, size, droppedBytes: plan.droppedBytes };
  }
  // The rewrite is loaded only for the rare MediaRecorder file.
  const { rewriteAsSeekable } = await import('./rewrite-recording');
  const { durationMs, size } = await rewriteAsSeekable(id, {
    onProgress: (fraction) => {
      onProgress(0.9 + fraction * 0.1);
    },
  });
  onProgress(1);
  return { id, durationMs, size, droppedBytes: 0 };
}
