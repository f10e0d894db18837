/** How room recordings are named and their figures shown (docs/decisions/0013-room-recording.md). */
import type { RoomRecordingMode } from '../../../protocol';
import type { RoomFile } from '../room-notice';
import type { RoomRecordingStats } from '../room-state';

/** ':' is not allowed in file names on Windows, so the ISO time uses '-' instead. */
const stamp = (date: Date): string => date.toISOString().replaceAll(':', '-');

export function mixedFileName(date: Date): string {
  return `podcast-mixed-${stamp(date)}.webm`;
}

/** One participant's file (separate and local-only modes). */
export function participantFileName(participantId: string, date: Date): string {
  const id = participantId.replace(/[^A-Za-z0-9_-]/g, '') || 'participant';
  return `podcast-${id}-${stamp(date)}.webm`;
}

/** Minutes and seconds, "m:ss"; minutes are not wrapped into hours. */
export function formatRoomDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '0:00';
  const seconds = Math.floor(ms / 1000);
  return `${String(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Megabytes to one decimal ("12.3 MB"). */
export function formatMegabytes(bytes: number): string {
  const mb = Number.isFinite(bytes) && bytes > 0 ? bytes / (1024 * 1024) : 0;
  return `${mb.toFixed(1)} MB`;
}

/** Average bitrate over the recording, in bits per second (0 before any time has passed). */
export function averageBitrate(totalBytes: number, durationMs: number): number {
  if (!(durationMs > 0) || !(totalBytes > 0)) return 0;
  return Math.round((totalBytes * 8 * 1000) / durationMs);
}

export function formatBitrate(bitsPerSecond: number): string {
  if (!(bitsPerSecond > 0)) return '0 kbps';
  return bitsPerSecond >= 1_000_000 ? `${(bitsPerSecond / 1_000_000).toFixed(1)} Mbps` : `${String(Math.round(bitsPerSecond / 1000))} kbps`;
}

export const RECORDING_MODE_LABELS: Record<RoomRecordingMode, string> = {
  mixed: 'Mixed',
  separate: 'Separate',
  'local-only': 'Local only',
};

export const RECORDING_MODE_DESCRIPTIONS: Record<RoomRecordingMode, string> = {
  mixed: 'The call as seen: everyone in one video, side by side',
  separate: 'Each person is recorded on their own computer at full quality and the file is sent to the host (the call itself drops to 360p until every file has arrived)',
  'local-only': 'Only your own camera or screen and microphone',
};

/** "Recorded 1 file." / "Recorded 3 files." as in "Recorded N file(s). Click to download." */
export function recordingCompleteMessage(fileCount: number): string {
  return `Recorded ${String(fileCount)} file${fileCount === 1 ? '' : 's'}. Click to download.`;
}

/** Files of a recording that could not be finished: their bytes stay stored for the recovery notice. */
export function unfinishedFilesMessage(fileCount: number): string {
  const files = fileCount === 1 ? '1 file' : `${String(fileCount)} files`;
  return `${files} could not be finished. What was recorded is kept, and the recovery notice offers to repair it.`;
}

/** The recording's figures for the stats card: average bitrate from the bytes over the time. */
export function roomRecordingStats(
  recordingMode: RoomRecordingMode,
  participantCount: number,
  durationMs: number,
  totalSize: number,
  live: { fps: number; keepUp: string | null } = { fps: 0, keepUp: null },
): RoomRecordingStats {
  return { durationMs, totalSize, participantCount, bitrate: averageBitrate(totalSize, durationMs), recordingMode, ...live };
}

/** The finished files with their download names (planned at start), and their combined figures. */
export function finishedFiles(
  results: readonly { recordingId: string; size: number; durationMs: number }[],
  fileNames: ReadonlyMap<string, string>,
): { files: RoomFile[]; totalSize: number; durationMs: number } {
  const files = results.map((r) => ({
    recordingId: r.recordingId,
    fileName: fileNames.get(r.recordingId) ?? `podcast-${r.recordingId}.webm`,
    size: r.size,
    durationMs: r.durationMs,
  }));
  return { files, totalSize: files.reduce((sum, f) => sum + f.size, 0), durationMs: Math.max(0, ...files.map((f) => f.durationMs)) };
}
