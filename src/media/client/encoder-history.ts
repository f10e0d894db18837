/**
 * Whether this browser's video encoder recently could not keep up, remembered in localStorage so the
 * next recordings (in the studio or a room, after a reload too) start with the faster codec. A
 * recording keeps one codec, so the codec cannot be a rung of the ladder; instead a recording whose
 * picture had to get smaller (the encoder dropped frames, docs/decisions/0007-encoder-backpressure.md)
 * makes the next ones record VP8, which encodes hard content faster than VP9 at the same bitrate.
 * The memory lapses after a week: the machine, the browser or what is recorded may have changed.
 * Storage can be unavailable (private modes, disabled storage): then nothing is remembered.
 */
import type { Size } from '../contract/overlay-geometry';
import { reportError } from '../../shared/report-error';

export const ENCODER_FELL_BEHIND_KEY = 'framecast-encoder-fell-behind';
export const ENCODER_MEMORY_MS = 7 * 24 * 60 * 60 * 1000;

/** The encoder fell behind: the recording is now smaller than the picture chosen for it. */
export function showsEncoderFellBehind(figures: { videoSize: Size | null; chosenSize: Size | null }): boolean {
  const { videoSize, chosenSize } = figures;
  return !!videoSize && !!chosenSize && videoSize.height > 0 && videoSize.height < chosenSize.height;
}

/** A recorder's stats, studio's or room's, as they come: remembered when they show the encoder fell behind. */
export function noteIfEncoderFellBehind<T extends { state: string; videoSize: Size | null; chosenSize: Size | null }>(stats: T): T {
  if (stats.state !== 'idle' && showsEncoderFellBehind(stats)) noteEncoderFellBehind();
  return stats;
}

/** Whether a stored time (ms since the epoch, as text) is recent enough at `now` to use the faster codec. */
export function fellBehindRecently(stored: string | null, now: number): boolean {
  if (stored === null || !/^\d{1,16}$/.test(stored)) return false;
  const at = Number(stored);
  return at <= now && now - at < ENCODER_MEMORY_MS;
}

export function encoderFellBehindRecently(now = Date.now()): boolean {
  try {
    return fellBehindRecently(localStorage.getItem(ENCODER_FELL_BEHIND_KEY), now);
  } catch {
    return false;
  }
}

/** Remembers that the encoder fell behind now (written once per page, not with every stats poll). */
let noted = false;
export function noteEncoderFellBehind(now = Date.now()): void {
  if (noted) return;
  noted = true;
  try {
    localStorage.setItem(ENCODER_FELL_BEHIND_KEY, String(Math.round(now)));
  } catch (error) {
    reportError('recording: remember that the encoder fell behind', error);
  }
}
