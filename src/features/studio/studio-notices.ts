/**
 * What the studio tells the user when something goes wrong or needs their attention. Pure, so
 * the wording of each case is tested without a browser.
 */
import { formatDuration, formatFileSize } from '../../shared/format';
import { AcquisitionError, ACCESS_DENIED } from '../../media';
import type { Notice } from './studio-types';

export const failureNotice = (message: string): Notice => ({ title: 'Recording Failed', message, tone: 'error' });

/** A device refused (the notice for that device), or anything else that stopped Start. */
export function acquisitionNotice(error: unknown): Notice {
  if (!(error instanceof AcquisitionError)) {
    return failureNotice(error instanceof Error && error.message ? error.message : 'Failed to start recording');
  }
  const { title, message } = ACCESS_DENIED[error.device];
  return { title, message, tone: 'error' };
}

/**
 * A recording stopped by a failure: what happened and, when part of it was repaired into a file
 * (`savedMs`), how much of it was kept. `name` is the error's name; a full disk has its own advice.
 */
export function engineFailureNotice(message: string, name: string, savedMs: number | null): Notice {
  const savedNote = savedMs === null ? '' : `The first ${formatDuration(savedMs / 1000)} was saved to Your recordings and is ready to download.`;
  if (name === 'QuotaExceededError') {
    return {
      title: 'Storage is full',
      message: `The recording stopped because this browser has no storage space left. ${savedNote || 'What was recorded is kept and can be recovered once there is space.'} Free up disk space or delete old recordings before recording again.`,
      tone: 'error',
    };
  }
  if (name === 'NotEnoughSpaceError') {
    // Finishing needs room to write the seekable file beside the stored one: the message says how much.
    return {
      title: 'Not enough storage to finish',
      message: `${message}. The recording is kept as it was stored and offered for recovery under "A recording was interrupted".`,
      tone: 'error',
    };
  }
  return failureNotice([message || 'Recording failed due to an error', savedNote].filter(Boolean).join('. '));
}

export function storageLowNotice(freeBytes: number, minutes: number): Notice {
  return {
    title: 'Storage is running low',
    message: `Only ${formatFileSize(freeBytes)} is free here: about ${String(minutes)} minute${minutes === 1 ? '' : 's'} of recording at the current quality. Free up disk space, delete old recordings, or lower the bitrate in Settings.`,
    tone: 'warning',
  };
}

export const CURSOR_RECORDED_NOTICE: Notice = {
  title: 'The mouse pointer is recorded',
  message: 'This browser always records the mouse pointer, so "Capture cursor" off in Settings has no effect here.',
  tone: 'info',
};
