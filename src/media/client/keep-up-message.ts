import type { Size } from '../contract/overlay-geometry';
import { MIN_FPS } from '../contract/adaptive-frame-rate';

export interface KeepUpFigures {
  /** Frames per second the file gets (measured over the last seconds, not the rate aimed for). */
  fps: number;
  /** The picture being recorded now, and the one chosen in Settings. */
  videoSize: Size;
  chosenSize: Size;
  steppedDown: boolean;
  /** Nothing smaller or slower is left to step down to. */
  lowestRung: boolean;
}

/** "1920×1080": a picture size as the stats card shows it. */
export function formatVideoSize(size: Size): string {
  return size.width > 0 && size.height > 0 ? `${size.width}×${size.height}` : '—';
}

/**
 * The quiet notice shown while a recording runs below what was chosen because the computer cannot
 * keep up ("Recording at 20 fps to keep up"); null while it records what was chosen. It names the
 * frame rate the file gets, and says plainly when even the last step down is not enough.
 */
export function keepUpMessage(figures: KeepUpFigures): string | null {
  if (!figures.steppedDown) return null;
  const smaller = figures.videoSize.height < figures.chosenSize.height;
  const what = `${smaller ? `${String(figures.videoSize.height)}p and ` : ''}${String(Math.round(figures.fps))} fps`;
  if (figures.lowestRung && figures.fps < MIN_FPS) return `This computer cannot keep up: recording at ${what}, below the ${String(MIN_FPS)} fps we aim for`;
  return `Recording at ${what} to keep up`;
}
