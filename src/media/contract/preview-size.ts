/**
 * The size the studio draws its preview at while nothing records: no larger than the page shows it
 * (in device pixels), in the recording's proportions. Drawing a 1080p picture 30 times a second for a
 * preview shown at a third of that width cost a core of a two-core machine
 * (docs/decisions/0015-preview-at-shown-size.md). Pure: the worker and its tests share it.
 */
import type { Size } from './overlay-geometry';

/** Below this width the preview would look coarse when the page grows it before the next report. */
export const MIN_PREVIEW_WIDTH = 480;

export function previewSize(recording: Size, shown: Size | null): Size {
  if (!shown || shown.width <= 0 || shown.height <= 0) return recording;
  // The page letterboxes nothing: the recording's proportions fill the box's larger share.
  const fit = Math.max(shown.width / recording.width, shown.height / recording.height);
  const floor = Math.min(1, MIN_PREVIEW_WIDTH / recording.width);
  const scale = Math.min(1, Math.max(fit, floor));
  if (scale === 1) return recording;
  const even = (value: number) => Math.max(2, Math.ceil((value * scale) / 2) * 2);
  return { width: even(recording.width), height: even(recording.height) };
}
