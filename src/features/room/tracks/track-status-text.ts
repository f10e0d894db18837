/** How a podcast track's progress reads on the recording card, for the host and for the participant. */
import { formatMegabytes } from '../recording/room-recording-format';
import type { OwnTrackStatus } from './podcast-tracks';
import type { TrackStatus } from './track-receiver';

const percent = (done: number, total: number): number => (total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0);

/** "about 12 s left" / "about 3 min left", or nothing while the rate is unknown. */
export function timeLeft(remainingBytes: number, bytesPerSecond: number): string | null {
  if (!(bytesPerSecond > 0) || !(remainingBytes > 0)) return null;
  const seconds = Math.ceil(remainingBytes / bytesPerSecond);
  return seconds < 90 ? `about ${String(seconds)} s left` : `about ${String(Math.ceil(seconds / 60))} min left`;
}

export function trackStatusText(track: TrackStatus): string {
  const received = formatMegabytes(track.receivedBytes);
  switch (track.phase) {
    case 'recording':
      return `${track.name}: recording on their computer, ${received} received`;
    case 'sending': {
      const left = timeLeft(track.totalBytes - track.receivedBytes, track.bytesPerSecond);
      const figures = `${received} of ${formatMegabytes(track.totalBytes)}${left ? `, ${left}` : ''}`;
      return `${track.name}: sending ${String(percent(track.receivedBytes, track.totalBytes))}% (${figures})`;
    }
    case 'checking':
      return `${track.name}: checking the file`;
    case 'received':
      return `${track.name}: received ✓ (${formatMegabytes(track.totalBytes)})`;
    case 'waiting':
      return `${track.name}: waiting for them to come back (${received} received)`;
  }
}

export function ownTrackText(own: OwnTrackStatus): string {
  switch (own.phase) {
    case 'recording':
      return 'Recording on this computer';
    case 'sending':
      return `Sending your recording to the host: ${String(percent(own.sentBytes, own.totalBytes))}%`;
    case 'waiting':
      return `Waiting for the connection to the host: ${String(percent(own.sentBytes, own.totalBytes))}% sent`;
    case 'sent':
      return 'Your recording reached the host.';
    case 'failed':
      return 'Your own recording could not start.';
  }
}
