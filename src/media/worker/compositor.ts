import {
  OVERLAY_BORDER,
  coverCrop,
  overlayCornerRadius,
  overlayRect,
  type Rect,
  type Size,
} from '../contract/overlay-geometry';
import type { CompositeLayout } from '../contract/recorder-api';
import type { SourcePicture } from './latest-frame';

type Context = OffscreenCanvasRenderingContext2D;
type Image = SourcePicture;

/** Draws one composite frame: the main picture fitted to the canvas, then the webcam overlay. */
export function drawComposite(
  context: Context,
  canvas: Size,
  layout: CompositeLayout,
  screen: Image | null,
  webcam: Image | null,
): void {
  context.fillStyle = '#000';
  context.fillRect(0, 0, canvas.width, canvas.height);

  const main = layout.mode === 'webcam-only' ? webcam : screen;
  if (main) drawContained(context, main, canvas);
  else drawHint(context, canvas, layout.mode === 'webcam-only' ? 'Connect a webcam to preview' : 'Select a screen to preview');

  if (layout.mode === 'screen-webcam' && webcam) {
    const { shape, size, position } = layout.overlay;
    const rect = overlayRect(canvas, shape, size, position);
    const radius = overlayCornerRadius(rect, shape);
    const crop = coverCrop({ width: webcam.width, height: webcam.height }, rect);
    context.save();
    tracePath(context, rect, radius);
    context.clip();
    context.drawImage(webcam.image, crop.x, crop.y, crop.width, crop.height, rect.x, rect.y, rect.width, rect.height);
    context.restore();
    // The border sits inside the overlay's rectangle so the overlay keeps its declared size.
    const half = OVERLAY_BORDER / 2;
    const inset = { x: rect.x + half, y: rect.y + half, width: rect.width - OVERLAY_BORDER, height: rect.height - OVERLAY_BORDER };
    tracePath(context, inset, Math.max(0, radius - half));
    context.strokeStyle = '#fff';
    context.lineWidth = OVERLAY_BORDER;
    context.stroke();
  }
}

function tracePath(context: Context, rect: Rect, radius: number): void {
  context.beginPath();
  if (radius > 0) context.roundRect(rect.x, rect.y, rect.width, rect.height, radius);
  else context.rect(rect.x, rect.y, rect.width, rect.height);
}

/** Fits the whole source inside the canvas, letterboxed, never stretched or cropped. */
function drawContained(context: Context, source: Image, canvas: Size): void {
  const scale = Math.min(canvas.width / source.width, canvas.height / source.height);
  const width = Math.round(source.width * scale);
  const height = Math.round(source.height * scale);
  const x = Math.round((canvas.width - width) / 2);
  const y = Math.round((canvas.height - height) / 2);
  context.drawImage(source.image, x, y, width, height);
}

function drawHint(context: Context, canvas: Size, text: string): void {
  context.fillStyle = '#1f2430';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#c9ced8';
  context.font = `${String(Math.round(canvas.height / 24))}px system-ui, sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, canvas.width / 2, canvas.height / 2);
}
