import { describe, expect, it } from 'vitest';
import { EDGE_MARGIN, KEY_STEP, KEY_STEP_LARGE, MIN_HEIGHT, MIN_WIDTH, MINIMIZED_SIZE, applyShape, constrainSize, defaultRect, keepBarInside, keepInside, moveBy, nextShape, nudge, nudgeSize, resizeBy, type Rect } from '../../src/features/webcam-window/window-geometry';

const VIEW = { width: 1280, height: 720 };
const RECT: Rect = { x: 100, y: 100, width: 320, height: 240 };

describe('constrainSize', () => {
  it('never goes below 200 x 150', () => {
    expect(constrainSize({ width: 50, height: 20 }, 'rectangle')).toEqual({ width: MIN_WIDTH, height: MIN_HEIGHT });
    expect(constrainSize({ width: 150, height: 400 }, 'rectangle')).toEqual({ width: 200, height: 400 });
  });

  it('makes square and circle square, at least 200 on a side', () => {
    expect(constrainSize({ width: 320, height: 240 }, 'square')).toEqual({ width: 240, height: 240 });
    expect(constrainSize({ width: 320, height: 240 }, 'circle')).toEqual({ width: 240, height: 240 });
    expect(constrainSize({ width: 300, height: 160 }, 'circle')).toEqual({ width: 200, height: 200 });
  });
});

describe('defaultRect', () => {
  it('opens 320 x 240 in the bottom-right corner', () => {
    expect(defaultRect(VIEW)).toEqual({ x: 1280 - 320 - EDGE_MARGIN, y: 720 - 240 - EDGE_MARGIN, width: 320, height: 240 });
  });

  it('fits a phone-sized viewport', () => {
    const rect = defaultRect({ width: 300, height: 500 });
    expect(rect.x).toBeGreaterThanOrEqual(0);
    expect(rect.x + rect.width).toBeLessThanOrEqual(300);
  });
});

describe('moveBy', () => {
  it('moves by the drag distance', () => {
    expect(moveBy(RECT, 40, -30, VIEW, 'rectangle')).toEqual({ ...RECT, x: 140, y: 70 });
  });

  it('stops at every edge', () => {
    expect(moveBy(RECT, -500, -500, VIEW, 'rectangle')).toMatchObject({ x: 0, y: 0 });
    expect(moveBy(RECT, 5000, 5000, VIEW, 'rectangle')).toMatchObject({ x: 1280 - 320, y: 720 - 240 });
  });
});

describe('resizeBy', () => {
  it('follows the handle for a rectangle', () => {
    expect(resizeBy(RECT, 80, 60, VIEW, 'rectangle')).toEqual({ ...RECT, width: 400, height: 300 });
    expect(resizeBy(RECT, 80, -60, VIEW, 'rectangle')).toEqual({ ...RECT, width: 400, height: 180 });
  });

  it('stops at 200 x 150 however far it is dragged', () => {
    expect(resizeBy(RECT, -1000, -1000, VIEW, 'rectangle')).toEqual({ ...RECT, width: 200, height: 150 });
  });

  it('keeps width equal to height for square and circle, whichever way it is dragged', () => {
    const square = { ...RECT, width: 240, height: 240 };
    for (const [dx, dy] of [[100, 0], [0, 100], [60, -20], [-30, 80], [-500, -500], [900, 900]] as const) {
      for (const shape of ['square', 'circle'] as const) {
        const next = resizeBy(square, dx, dy, VIEW, shape);
        expect(next.width).toBe(next.height);
        expect(next.width).toBeGreaterThanOrEqual(MIN_WIDTH);
      }
    }
    expect(resizeBy(square, 100, 0, VIEW, 'circle')).toMatchObject({ width: 290, height: 290 });
  });

  it('does not grow past the viewport and keeps the top-left corner in place', () => {
    const next = resizeBy(RECT, 5000, 5000, VIEW, 'rectangle');
    expect(next).toEqual({ x: 100, y: 100, width: 1180, height: 620 });
    const locked = resizeBy({ ...RECT, width: 240, height: 240 }, 5000, 5000, VIEW, 'square');
    expect(locked).toEqual({ x: 100, y: 100, width: 620, height: 620 });
  });
});

describe('keepInside', () => {
  it('leaves a window that fits where it is', () => {
    expect(keepInside(RECT, VIEW, 'rectangle')).toEqual(RECT);
  });

  it('slides a window back in when the viewport shrinks', () => {
    const right = { x: 1000, y: 500, width: 320, height: 240 };
    expect(keepInside(right, { width: 800, height: 600 }, 'rectangle')).toEqual({ x: 480, y: 360, width: 320, height: 240 });
  });

  it('shrinks a window larger than a small viewport, down to the minimum', () => {
    const big = { x: 50, y: 50, width: 900, height: 700 };
    expect(keepInside(big, { width: 400, height: 300 }, 'rectangle')).toEqual({ x: 0, y: 0, width: 400, height: 300 });
    expect(keepInside(big, { width: 400, height: 300 }, 'circle')).toEqual({ x: 50, y: 0, width: 300, height: 300 });
  });

  it('on a viewport smaller than the minimum, keeps the minimum and the top-left corner visible', () => {
    expect(keepInside({ x: 120, y: 90, width: 320, height: 240 }, { width: 160, height: 100 }, 'rectangle')).toEqual({
      x: 0,
      y: 0,
      width: MIN_WIDTH,
      height: MIN_HEIGHT,
    });
    expect(keepInside({ x: 120, y: 90, width: 320, height: 320 }, { width: 160, height: 100 }, 'square')).toEqual({
      x: 0,
      y: 0,
      width: 200,
      height: 200,
    });
  });

  it('never returns negative positions or fractional pixels', () => {
    const next = keepInside({ x: -40.4, y: -3.7, width: 250.6, height: 180.2 }, VIEW, 'rectangle');
    expect(next).toEqual({ x: 0, y: 0, width: 251, height: 180 });
  });
});

describe('keepBarInside', () => {
  it('keeps the minimised bar on screen', () => {
    expect(keepBarInside({ x: 5000, y: 5000 }, VIEW)).toEqual({ x: 1280 - MINIMIZED_SIZE.width, y: 720 - MINIMIZED_SIZE.height });
    expect(keepBarInside({ x: -20, y: 30 }, VIEW)).toEqual({ x: 0, y: 30 });
  });
});

describe('shapes', () => {
  it('cycles rectangle, square, circle', () => {
    expect(nextShape('rectangle')).toBe('square');
    expect(nextShape('square')).toBe('circle');
    expect(nextShape('circle')).toBe('rectangle');
  });

  it('switching to square or circle takes the shorter side; back to rectangle keeps the size', () => {
    expect(applyShape(RECT, 'square', VIEW)).toEqual({ ...RECT, width: 240, height: 240 });
    expect(applyShape({ ...RECT, width: 240, height: 240 }, 'rectangle', VIEW)).toEqual({ ...RECT, width: 240, height: 240 });
  });
});

describe('keyboard', () => {
  it('arrow keys move by a step, Shift by a large step, and stop at the edges', () => {
    expect(nudge(RECT, 'ArrowRight', false, VIEW, 'rectangle')).toMatchObject({ x: 100 + KEY_STEP, y: 100 });
    expect(nudge(RECT, 'ArrowUp', true, VIEW, 'rectangle')).toMatchObject({ x: 100, y: 100 - KEY_STEP_LARGE });
    expect(nudge({ ...RECT, x: 3 }, 'ArrowLeft', false, VIEW, 'rectangle')).toMatchObject({ x: 0 });
  });

  it('arrow keys on the handle resize, keeping the minimum and the square lock', () => {
    expect(nudgeSize(RECT, 'ArrowRight', false, VIEW, 'rectangle')).toMatchObject({ width: 330, height: 240 });
    expect(nudgeSize({ ...RECT, width: 200, height: 150 }, 'ArrowUp', true, VIEW, 'rectangle')).toMatchObject({ width: 200, height: 150 });
    expect(nudgeSize({ ...RECT, width: 240, height: 240 }, 'ArrowDown', false, VIEW, 'circle')).toMatchObject({ width: 250, height: 250 });
  });
});
