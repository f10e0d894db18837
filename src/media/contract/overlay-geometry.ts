import type { Size } from './recorder-contract';
import type { OverlayPosition, OverlayShape, OverlaySize } from '../../shared/webcam-overlay';

export type VideoQuality = '720p' | '1080p' | '4k';
export {
  OVERLAY_POSITIONS,
  OVERLAY_SHAPES,
  OVERLAY_SIZES,
  type OverlayPosition,
  type OverlayShape,
  type OverlaySize,
} from '../../shared/webcam-overlay';

export type { Size };

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const OVERLAY_MARGIN = 20;
export const OVERLAY_BORDER = 2;

const CANVAS_SIZES: Record<VideoQuality, Size> = {
  '720p': { width: 1280, height: 720 },
  '1080p': { width: 1920, height: 1080 },
  '4k': { width: 3840, height: 2160 },
};

export function canvasSizeForQuality(q: VideoQuality): Size {
  return { ...CANVAS_SIZES[q] };
}

// Multiples of u (10% of the shorter canvas side), stored in tenths of u so the
// arithmetic stays in integers until the final division; 0.1 * 1080 style float
// products would otherwise land a hair off .5 and round the wrong way.
const WIDTH_TENTHS: Record<OverlaySize, number> = { small: 16, medium: 24, large: 32 };
const HEIGHT_TENTHS: Record<OverlaySize, number> = { small: 12, medium: 18, large: 24 };

function overlaySize(canvas: Size, shape: OverlayShape, size: OverlaySize): Size {
  const shorter = Math.min(canvas.width, canvas.height);
  const height = Math.round((shorter * HEIGHT_TENTHS[size]) / 100);
  if (shape !== 'rounded-rectangle') return { width: height, height };
  return { width: Math.round((shorter * WIDTH_TENTHS[size]) / 100), height };
}

type Anchor = 'start' | 'center' | 'end';

function place(anchor: Anchor, extent: number, length: number): number {
  switch (anchor) {
    case 'start':
      return OVERLAY_MARGIN;
    case 'center':
      return Math.round((extent - length) / 2);
    case 'end':
      return extent - OVERLAY_MARGIN - length;
  }
}

const ANCHORS: Record<OverlayPosition, { horizontal: Anchor; vertical: Anchor }> = {
  'top-left': { horizontal: 'start', vertical: 'start' },
  'top-center': { horizontal: 'center', vertical: 'start' },
  'top-right': { horizontal: 'end', vertical: 'start' },
  'center-left': { horizontal: 'start', vertical: 'center' },
  'center-center': { horizontal: 'center', vertical: 'center' },
  'center-right': { horizontal: 'end', vertical: 'center' },
  'bottom-left': { horizontal: 'start', vertical: 'end' },
  'bottom-center': { horizontal: 'center', vertical: 'end' },
  'bottom-right': { horizontal: 'end', vertical: 'end' },
};

export function overlayRect(canvas: Size, shape: OverlayShape, size: OverlaySize, position: OverlayPosition): Rect {
  const { width, height } = overlaySize(canvas, shape, size);
  const { horizontal, vertical } = ANCHORS[position];
  return {
    x: place(horizontal, canvas.width, width),
    y: place(vertical, canvas.height, height),
    width,
    height,
  };
}

export function overlayCornerRadius(rect: Rect, shape: OverlayShape): number {
  const shorter = Math.min(rect.width, rect.height);
  switch (shape) {
    case 'rounded-rectangle':
      return shorter / 10;
    case 'square':
      return 0;
    case 'circle':
      return shorter / 2;
  }
}

export function coverCrop(source: Size, target: Size): Rect {
  // A degenerate size has no aspect ratio to match; showing the whole source is
  // the least surprising fallback and avoids dividing by zero.
  if (source.width <= 0 || source.height <= 0 || target.width <= 0 || target.height <= 0) {
    return { x: 0, y: 0, width: source.width, height: source.height };
  }
  // Cross-multiplied so equal aspect ratios compare equal without float error.
  const sourceSpan = source.width * target.height;
  const targetSpan = target.width * source.height;
  if (sourceSpan > targetSpan) {
    const width = Math.round((source.height * target.width) / target.height);
    return { x: Math.round((source.width - width) / 2), y: 0, width, height: source.height };
  }
  if (sourceSpan < targetSpan) {
    const height = Math.round((source.width * target.height) / target.width);
    return { x: 0, y: Math.round((source.height - height) / 2), width: source.width, height };
  }
  return { x: 0, y: 0, width: source.width, height: source.height };
}
