/** Saving a room recording's files, and sharing the room's link. */
import { formatFileSize } from '../../../shared/format';
import { readRecordingFile } from '../../../media';
import type { RoomFile, RoomNotice } from '../room-notice';
import { reportError } from '../../../shared/report-error';

/** Saves every file from IndexedDB, where the recording was written as it happened. */
export async function downloadRoomFiles(files: readonly RoomFile[], save: (url: string, fileName: string) => void, notify: (notice: RoomNotice) => void): Promise<void> {
  if (files.length === 0) return;
  let total = 0;
  let started = 0;
  for (const file of files) {
    let blob: Blob;
    try {
      blob = await readRecordingFile(file.recordingId);
    } catch (error) {
      // Deleted from the library meanwhile, or storage refused: say which file, keep going with the rest.
      reportError('room: read a recorded file', error);
      notify({ title: 'Download Failed', message: `${file.fileName} could not be read from this browser's storage.`, tone: 'error' });
      continue;
    }
    total += blob.size;
    started += 1;
    const url = URL.createObjectURL(blob);
    save(url, file.fileName);
    // The download has its own copy once started; keep the URL a while for slow starts.
    setTimeout(() => {
      URL.revokeObjectURL(url);
    }, 60_000);
  }
  if (started === 0) return;
  notify({ title: 'Download Started', message: `${String(started)} file${started === 1 ? '' : 's'} (${formatFileSize(total)})`, tone: 'success' });
}

/** Copies the room's link; what the notice says depends on who can use it (any computer, or this browser's tabs). */
export async function copyInviteLink(roomId: string, acrossComputers: boolean, notify: (notice: RoomNotice) => void): Promise<void> {
  const link = `${window.location.origin}/room/${encodeURIComponent(roomId)}`;
  try {
    await navigator.clipboard.writeText(link);
    notify(
      acrossComputers
        ? { title: 'Room Link Copied', message: 'Send it to your guests so they can join from their own computers.', tone: 'success' }
        : { title: 'Room Link Copied', message: 'This room connects tabs of this browser only: open the link in another tab here.', tone: 'info' },
    );
  } catch {
    // No clipboard access (permission or an insecure page): show the link to copy by hand.
    notify({ title: 'Copy the link yourself', message: link, tone: 'warning', sticky: true });
  }
}
