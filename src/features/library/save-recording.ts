import { notifications } from '@mantine/notifications';
import { downloadBlob } from '../../shared/download';
import { recordingFileName } from '../../shared/format';
import { defaultRecordingName, isStudioMode, readRecordingFile, type RecordingRow } from '../../media';
import { errorIdentity } from '../../shared/error-identity';

/**
 * A studio recording with its default name downloads as recording-{mode}-{time};
 * renamed recordings and room files (whose names carry the participant) under their own name.
 */
export function libraryFileName(row: Pick<RecordingRow, 'name' | 'mode' | 'createdAt'> & { mimeType?: string }): string {
  const extension = row.mimeType?.startsWith('video/mp4') ? '.mp4' : '.webm';
  const standard = recordingFileName(row.mode, new Date(row.createdAt)).replace(/\.webm$/, '');
  if (isStudioMode(row.mode) && row.name === defaultRecordingName(row.mode)) return `${standard}${extension}`;
  // Characters that file systems refuse (Windows is the strictest) become dashes.
  const safe = Array.from(row.name, (char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? '-' : char))
    .join('')
    .trim()
    .slice(0, 120);
  return `${safe || standard}${extension}`;
}

/** Hands a stored recording to the browser as a download. */
export async function saveRecordingFile(row: Pick<RecordingRow, 'id' | 'name' | 'mode' | 'createdAt' | 'mimeType'>): Promise<void> {
  downloadBlob(await readRecordingFile(row.id, row.mimeType), libraryFileName(row));
}

/** Says that a download failed, naming the file when several were asked for. */
export function showDownloadFailed(error: unknown, name?: string): void {
  const { message } = errorIdentity(error);
  notifications.show({ title: 'Download failed', message: name === undefined ? message : `${name}: ${message}`, color: 'red', autoClose: 8000 });
}

/** The Download buttons: a file that cannot be read (storage updated elsewhere, cleared) is said, never dropped silently. */
export function downloadRecording(row: Pick<RecordingRow, 'id' | 'name' | 'mode' | 'createdAt' | 'mimeType'>): void {
  saveRecordingFile(row).catch((error: unknown) => {
    showDownloadFailed(error);
  });
}

/**
 * "Download all tracks": one download per file, in order. A file that cannot be read is said by
 * name, and the others still go.
 */
export async function downloadRecordings(rows: readonly Pick<RecordingRow, 'id' | 'name' | 'mode' | 'createdAt' | 'mimeType'>[]): Promise<void> {
  for (const row of rows) {
    try {
      await saveRecordingFile(row);
    } catch (error) {
      showDownloadFailed(error, row.name);
    }
  }
}
