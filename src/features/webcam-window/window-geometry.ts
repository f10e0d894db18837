/**
 * Where the floating webcam window may be and how big: the minimum size, the square lock of the
 * square and circle shapes, and the rule that keeps it inside the viewport. Pure: no DOM, no React.
 */

export const WINDOW_SHAPES = ['rectangle', 'square', 'circle'] as const;
export type WindowShape = (typeof WINDOW_SHAPES)[number];

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Viewport {
  width: number;
  height: number;
}

export const MIN_WIDTH = 200;
export const MIN_HEIGHT = 150;
/** The minimised window: a bar with the title and the restore and close buttons. */
export const MINIMIZED_SIZE = { width: 260, height: 44 } as const;
/** Gap kept from the viewport's edges when the window is first placed. */
export const EDGE_MARGIN = 24;
export const KEY_STEP = 10;
export const KEY_STEP_LARGE = 50;

const DEFAULT_SIZE = { width: 320, height: 240 } as const;

export const isLocked = (shape: WindowShape): boolean => shape !== 'rectangle';

/** The shape button cycles rectangle → square → circle → rectangle. */
export const nextShape = (shape: WindowShape): WindowShape =>
  WINDOW_SHAPES[(WINDOW_SHAPES.indexOf(shape) + 1) % WINDOW_SHAPES.length] ?? 'rectangle';

/** The smallest side a square-locked window may have: it must satisfy both minimums. */
const MIN_SIDE = Math.max(MIN_WIDTH, MIN_HEIGHT);

const clamp = (value: number, min: number, max: number): number => Math.min(Math.max(value, min), Math.max(min, max));

/** Applies the minimum size and, for square and circle, width equal to height. */
export function constrainSize(size: { width: number; height: number }, shape: WindowShape): { width: number; height: number } {
  if (isLocked(shape)) {
    const side = Math.max(MIN_SIDE, Math.round(Math.min(size.width, size.height)));
    return { width: side, height: side };
  }
  return { width: Math.max(MIN_WIDTH, Math.round(size.width)), height: Math.max(MIN_HEIGHT, Math.round(size.height)) };
}

/**
 * Keeps `rect` inside `viewport`: first it shrinks to fit (never below the minimum, keeping the
 * square lock), then it slides back in. On a viewport smaller than the minimum, the top-left
 * corner stays visible, so the header (and its close button) can always be reached.
 */
export function keepInside(rect: Rect, viewport: Viewport, shape: WindowShape): Rect {
  const fitted = constrainSize({ width: Math.min(rect.width, viewport.width), height: Math.min(rect.height, viewport.height) }, shape);
  return {
    ...fitted,
    x: Math.round(clamp(rect.x, 0, viewport.width - fitted.width)),
    y: Math.round(clamp(rect.y, 0, viewport.height - fitted.height)),
  };
}

/** The same rule for the minimised bar, which has its own fixed size. */
export function keepBarInside(position: { x: number; y: number }, viewport: Viewport): { x: number; y: number } {
  return {
    x: Math.round(clamp(position.x, 0, viewport.width - MINIMIZED_SIZE.width)),
    y: Math.round(clamp(position.y, 0, viewport.height - MINIMIZED_SIZE.height)),
  };
}

/** Where a window first opens: the default size in the bottom-right corner. */
export function defaultRect(viewport: Viewport): Rect {
  const rect = {
    ...DEFAULT_SIZE,
    x: viewport.width - DEFAULT_SIZE.width - EDGE_MARGIN,
    y: viewport.height - DEFAULT_SIZE.height - EDGE_MARGIN,
  };
  return keepInside(rect, viewport, 'rectangle');
}

/** Dragging the header by (dx, dy) from where the drag began. */
export function moveBy(start: Rect, dx: number, dy: number, viewport: Viewport, shape: WindowShape): Rect {
  return keepInside({ ...start, x: start.x + dx, y: start.y + dy }, viewport, shape);
}

/**
 * Dragging the bottom-right resize handle by (dx, dy) from where the drag began. The top-left
 * corner stays put; the window may not grow past the viewport's right or bottom edge. Locked
 * shapes follow the pointer along the diagonal, so any drag direction changes both sides alike.
 */
export function resizeBy(start: Rect, dx: number, dy: number, viewport: Viewport, shape: WindowShape): Rect {
  const roomX = viewport.width - start.x;
  const roomY = viewport.height - start.y;
  if (isLocked(shape)) {
    const wanted = Math.min(start.width, start.height) + (dx + dy) / 2;
    const side = Math.round(clamp(wanted, MIN_SIDE, Math.min(roomX, roomY)));
    return keepInside({ x: start.x, y: start.y, width: side, height: side }, viewport, shape);
  }
  return keepInside(
    {
      x: start.x,
      y: start.y,
      width: Math.round(clamp(start.width + dx, MIN_WIDTH, roomX)),
      height: Math.round(clamp(start.height + dy, MIN_HEIGHT, roomY)),
    },
    viewport,
    shape,
  );
}

/** Switching shape: square and circle take the shorter side, so the window never grows by surprise. */
export function applyShape(rect: Rect, shape: WindowShape, viewport: Viewport): Rect {
  return keepInside({ ...rect, ...constrainSize(rect, shape) }, viewport, shape);
}

export type ArrowKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

export const isArrowKey = (key: string): key is ArrowKey =>
  key === 'ArrowLeft' || key === 'ArrowRight' || key === 'ArrowUp' || key === 'ArrowDown';

const ARROW_DELTA: Record<ArrowKey, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** How far one arrow key press goes: one step, or a large step with Shift. */
export function arrowDelta(key: ArrowKey, large: boolean): [number, number] {
  const step = large ? KEY_STEP_LARGE : KEY_STEP;
  const [dx, dy] = ARROW_DELTA[key];
  return [dx * step, dy * step];
}

/** An arrow key moves the window. */
export function nudge(rect: Rect, key: ArrowKey, large: boolean, viewport: Viewport, shape: WindowShape): Rect {
  const [dx, dy] = arrowDelta(key, large);
  return moveBy(rect, dx, dy, viewport, shape);
}

/** An arrow key on the resize handle: right and down grow, left and up shrink. */
export function nudgeSize(rect: Rect, key: ArrowKey, large: boolean, viewport: Viewport, shape: WindowShape): Rect {
  const [dx, dy] = arrowDelta(key, large);
  // A locked shape follows the diagonal, so one key press must count for both axes.
  const scale = isLocked(shape) ? 2 : 1;
  return resizeBy(rect, dx * scale, dy * scale, viewport, shape);
}
