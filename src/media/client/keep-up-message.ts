import type { Size } from '../contract/overlay-geometry';

export interface KeepUpFigures {
  /** The frame rate the recording runs at now. */
  targetFps: number;
  /** The picture being recorded now, and the one chosen in Settings. */
  videoSize: Size;
  chosenSize: Size;
  steppedDown: boolean;
}

/** "1920×1080": a picture size as the stats card shows it. */
export function formatVideoSize(size: Size): string {
  return size.width > 0 && size.height > 0 ? `${size.width}×${size.height}` : '—';
}

/**
 * The quiet notice shown while a recording runs below what was chosen because the computer cannot
 * keep up ("Recording at 20 fps to keep up"); null while it records what was chosen.
 */
export function keepUpMessage(figures: KeepUpFigures): string | null {
  if (!figures.steppedDown) return null;
  const smaller = figures.videoSize.height < figures.chosenSize.height;
  const fps = `${Math.round(figures.targetFps)} fps`;
  return smaller ? `Recording at ${figures.videoSize.height}p and ${fps} to keep up` : `Recording at ${fps} to keep up`;
}
