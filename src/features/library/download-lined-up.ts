import { notifications } from '@mantine/notifications';
import { deleteRecording, MediaJob, type RecordingRow } from '../../media';
import { reportingAs } from '../../shared/report-error';
import { linedUpName, lineUpPlan, unalignedText } from './line-up';
import { saveRecordingFile, showDownloadFailed } from './save-recording';

/**
 * "Download lined up": every track, cut to begin at the same instant (line-up.ts). A track that
 * needs a cut is copied by the trim job (only up to its first key frame is encoded again), handed to
 * the browser, and the copy removed: the library keeps the originals only. One track that fails is
 * said by name, and the others still go.
 */
export async function downloadLinedUp(rows: readonly RecordingRow[]): Promise<void> {
  const unaligned: string[] = [];
  let job: MediaJob | null = null;
  try {
    for (const step of lineUpPlan(rows)) {
      const { row } = step;
      try {
        if (step.kind !== 'cut') {
          if (step.kind === 'unaligned') unaligned.push(unalignedText(step));
          await saveRecordingFile(row);
          continue;
        }
        job ??= new MediaJob();
        const copy = await job.trim(row.id, step.cutS, row.durationMs / 1000, () => undefined);
        try {
          await saveRecordingFile({ ...row, id: copy.id, name: linedUpName(row.name) });
        } finally {
          // The download holds the bytes it was given; the copy is not kept.
          await deleteRecording(copy.id).catch(reportingAs('library: remove a lined-up copy'));
        }
      } catch (error) {
        showDownloadFailed(error, row.name);
      }
    }
  } finally {
    job?.dispose();
  }
  if (unaligned.length > 0) notifications.show({ title: 'Not every track could be lined up', message: unaligned.join(' '), color: 'yellow', autoClose: 12_000 });
}
