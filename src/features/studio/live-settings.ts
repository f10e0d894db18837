/**
 * Which Settings changes reach the live capture of an open studio, and how. Pure, so what triggers
 * re-applying constraints or re-opening the microphone is tested without a browser.
 */
import type { Settings } from '../settings';

export interface LiveSettingsChange {
  /** Quality or frame rate: the canvas size and the camera's and screen's constraints. */
  video: boolean;
  /** What the microphone is opened with: its processing, and mono or stereo (lossless). */
  microphone: boolean;
}

const stereo = (settings: Settings): boolean => settings.audio.quality === 'lossless';

/** What has to change in the live capture to go from `applied` to `next`; null when nothing does. */
export function liveSettingsChange(applied: Settings, next: Settings): LiveSettingsChange | null {
  const video = applied.video.quality !== next.video.quality || applied.video.frameRate !== next.video.frameRate;
  const microphone =
    applied.audio.noiseSuppression !== next.audio.noiseSuppression ||
    applied.audio.echoCancellation !== next.audio.echoCancellation ||
    stereo(applied) !== stereo(next);
  return video || microphone ? { video, microphone } : null;
}
