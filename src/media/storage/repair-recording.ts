/**
 * Turns a recording that never finished (a crash, a closed tab, a full disk, a failed encoder)
 * into a clean, seekable file in the library. Our own files are repaired in place, a few
 * kilobytes of writes whatever their length; WebM files from MediaRecorder (the fallback pipeline)
 * are rewritten, streaming from the stored chunks into new ones, and its fragmented MP4s are cut
 * back to their last whole fragment. Each path commits in one
 * transaction, so repair is idempotent and an interrupted repair simply runs again from the same
 * stored bytes.
 */
import { planFragmentedMp4Repair } from '../container/mp4/fragmented-repair';
import { planWebmRepair } from '../container/webm/repair-plan';
import { editRecordingFile, getRecording, readRecordingFile, releaseReserve } from './recordings-db';
import { openStoredFile, type StoredFile } from './stored-file-reader';

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
  if (row.mimeType.startsWith('video/mp4') || (await startsAsMp4(stored))) {
    const result = await repairFragmentedMp4(id, stored, row.mimeType.startsWith('video/mp4') ? row.mimeType : 'video/mp4');
    onProgress(1);
    return result;
  }
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

/**
 * Whether the stored bytes open as an MP4 (an `ftyp` box first), whatever the row says: a track
 * received from a participant is typed only once it is whole, so one cut short is listed as WebM.
 */
async function startsAsMp4(stored: StoredFile): Promise<boolean> {
  if (stored.size < 8) return false;
  const head = await stored.read(4, 4);
  return String.fromCharCode(...head) === 'ftyp';
}

/**
 * A MediaRecorder MP4 (browsers that write no WebM) is fragmented: it is cut back to its last whole
 * fragment, which plays and seeks as it is, and its duration is read from what is kept.
 */
async function repairFragmentedMp4(id: string, stored: StoredFile, mimeType: string): Promise<RepairResult> {
  const plan = await planFragmentedMp4Repair(stored.read, stored.size);
  const { BlobSource, Input, MP4 } = await import('mediabunny');
  const kept = (await readRecordingFile(id, mimeType)).slice(0, plan.keepBytes);
  const input = new Input({ source: new BlobSource(kept), formats: [MP4] });
  let durationMs: number;
  try {
    durationMs = Math.round((await input.computeDuration()) * 1000);
  } finally {
    input.dispose();
  }
  const size = await editRecordingFile(id, { truncateAt: plan.keepBytes, patches: [], tail: new Uint8Array(0) }, { state: 'done', durationMs, error: undefined, mimeType });
  return { id, durationMs, size, droppedBytes: plan.droppedBytes };
}
