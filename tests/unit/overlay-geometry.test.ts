import { describe, expect, it } from 'vitest';
import {
  OVERLAY_POSITIONS,
  OVERLAY_SHAPES,
  OVERLAY_SIZES,
  canvasSizeForQuality,
  coverCrop,
  overlayCornerRadius,
  overlayRect,
  type OverlayPosition,
  type OverlayShape,
  type OverlaySize,
  type Rect,
} from '../../src/media/contract/overlay-geometry';

const CANVAS_1080 = { width: 1920, height: 1080 };

// Worked out by hand for 1920×1080 (u = 108):
//   rounded-rectangle: 1.6u×1.2u = 172.8×129.6 → 173×130, 2.4u×1.8u = 259.2×194.4 → 259×194,
//                      3.2u×2.4u = 345.6×259.2 → 346×259
//   circle / square:   side 1.2u → 130, 1.8u → 194, 2.4u → 259
// x: left 20, center round((1920 - w) / 2), right 1900 - w
// y: top 20, center round((1080 - h) / 2), bottom 1060 - h
interface Expected {
  w: number;
  h: number;
  x: { left: number; center: number; right: number };
  y: { top: number; center: number; bottom: number };
}

const EXPECTED_1080: Record<OverlayShape, Record<OverlaySize, Expected>> = {
  'rounded-rectangle': {
    small: { w: 173, h: 130, x: { left: 20, center: 874, right: 1727 }, y: { top: 20, center: 475, bottom: 930 } },
    medium: { w: 259, h: 194, x: { left: 20, center: 831, right: 1641 }, y: { top: 20, center: 443, bottom: 866 } },
    large: { w: 346, h: 259, x: { left: 20, center: 787, right: 1554 }, y: { top: 20, center: 411, bottom: 801 } },
  },
  circle: {
    small: { w: 130, h: 130, x: { left: 20, center: 895, right: 1770 }, y: { top: 20, center: 475, bottom: 930 } },
    medium: { w: 194, h: 194, x: { left: 20, center: 863, right: 1706 }, y: { top: 20, center: 443, bottom: 866 } },
    large: { w: 259, h: 259, x: { left: 20, center: 831, right: 1641 }, y: { top: 20, center: 411, bottom: 801 } },
  },
  square: {
    small: { w: 130, h: 130, x: { left: 20, center: 895, right: 1770 }, y: { top: 20, center: 475, bottom: 930 } },
    medium: { w: 194, h: 194, x: { left: 20, center: 863, right: 1706 }, y: { top: 20, center: 443, bottom: 866 } },
    large: { w: 259, h: 259, x: { left: 20, center: 831, right: 1641 }, y: { top: 20, center: 411, bottom: 801 } },
  },
};

type Row = 'top' | 'center' | 'bottom';
type Column = 'left' | 'center' | 'right';
const ROWS: readonly Row[] = ['top', 'center', 'bottom'];
const COLUMNS: readonly Column[] = ['left', 'center', 'right'];
/** The nine positions, row by row, as the settings list them: each names its row, then its column. */
const POSITION_PARTS = ROWS.flatMap((v) => COLUMNS.map((h) => ({ position: `${v}-${h}` as const, v, h })));

const CASES_1080: [OverlayShape, OverlaySize, OverlayPosition, Rect][] = [];
for (const [shape, sizes] of Object.entries(EXPECTED_1080) as [OverlayShape, Record<OverlaySize, Expected>][]) {
  for (const [size, e] of Object.entries(sizes) as [OverlaySize, Expected][]) {
    for (const { position, v, h } of POSITION_PARTS) {
      CASES_1080.push([shape, size, position, { x: e.x[h], y: e.y[v], width: e.w, height: e.h }]);
    }
  }
}

describe('option lists', () => {
  it('list every value in the documented order', () => {
    expect(OVERLAY_SHAPES).toEqual(['circle', 'rounded-rectangle', 'square']);
    expect(OVERLAY_SIZES).toEqual(['small', 'medium', 'large']);
    expect(OVERLAY_POSITIONS).toEqual(POSITION_PARTS.map(({ position }) => position));
  });
});

describe('canvasSizeForQuality', () => {
  it('maps each quality to its canvas', () => {
    expect(canvasSizeForQuality('720p')).toEqual({ width: 1280, height: 720 });
    expect(canvasSizeForQuality('1080p')).toEqual({ width: 1920, height: 1080 });
    expect(canvasSizeForQuality('4k')).toEqual({ width: 3840, height: 2160 });
  });

  it('returns a fresh object each time', () => {
    const a = canvasSizeForQuality('720p');
    a.width = 1;
    expect(canvasSizeForQuality('720p').width).toBe(1280);
  });
});

describe('overlayRect at 1920×1080', () => {
  it('covers all 81 shape × size × position combinations', () => {
    expect(CASES_1080).toHaveLength(81);
  });

  it.each(CASES_1080)('%s %s %s', (shape, size, position, expected) => {
    expect(overlayRect(CANVAS_1080, shape, size, position)).toEqual(expected);
  });
});

describe('overlayRect at other canvases', () => {
  it('scales with the shorter side at 1280×720 (u = 72)', () => {
    // 2.4u × 1.8u = 172.8 × 129.6 → 173 × 130; x = 1280 - 20 - 173, y = 720 - 20 - 130
    expect(overlayRect({ width: 1280, height: 720 }, 'rounded-rectangle', 'medium', 'bottom-right')).toEqual({
      x: 1087,
      y: 570,
      width: 173,
      height: 130,
    });
  });

  it('scales with the shorter side at 3840×2160 (u = 216)', () => {
    // side 2.4u = 518.4 → 518; x = round((3840 - 518) / 2) = 1661, y = round((2160 - 518) / 2) = 821
    expect(overlayRect({ width: 3840, height: 2160 }, 'circle', 'large', 'center-center')).toEqual({
      x: 1661,
      y: 821,
      width: 518,
      height: 518,
    });
  });
});

describe('overlayCornerRadius', () => {
  it('uses 10% of the shorter side for rounded rectangles', () => {
    expect(overlayCornerRadius({ x: 0, y: 0, width: 173, height: 130 }, 'rounded-rectangle')).toBe(13);
    expect(overlayCornerRadius({ x: 0, y: 0, width: 259, height: 194 }, 'rounded-rectangle')).toBeCloseTo(19.4);
  });

  it('has square corners for squares', () => {
    expect(overlayCornerRadius({ x: 0, y: 0, width: 194, height: 194 }, 'square')).toBe(0);
  });

  it('uses half the side for circles', () => {
    expect(overlayCornerRadius({ x: 0, y: 0, width: 130, height: 130 }, 'circle')).toBe(65);
    expect(overlayCornerRadius({ x: 0, y: 0, width: 259, height: 259 }, 'circle')).toBe(129.5);
  });
});

describe('coverCrop', () => {
  it('crops the sides of a wider source', () => {
    expect(coverCrop({ width: 1280, height: 720 }, { width: 259, height: 259 })).toEqual({
      x: 280,
      y: 0,
      width: 720,
      height: 720,
    });
  });

  it('crops the top and bottom of a taller source', () => {
    // 720 × 1080/1920 = 405; y = (1280 - 405) / 2 = 437.5 → 438
    expect(coverCrop({ width: 720, height: 1280 }, { width: 1920, height: 1080 })).toEqual({
      x: 0,
      y: 438,
      width: 720,
      height: 405,
    });
  });

  it('keeps the whole source when the aspect ratios match', () => {
    expect(coverCrop({ width: 1920, height: 1080 }, { width: 1280, height: 720 })).toEqual({
      x: 0,
      y: 0,
      width: 1920,
      height: 1080,
    });
  });

  it('rounds fractional crop sizes', () => {
    // 640 × 173/130 = 851.69… → 852; x = (1280 - 852) / 2 = 214
    expect(coverCrop({ width: 1280, height: 640 }, { width: 173, height: 130 })).toEqual({
      x: 214,
      y: 0,
      width: 852,
      height: 640,
    });
  });

  it('falls back to the whole source for degenerate sizes', () => {
    expect(coverCrop({ width: 640, height: 480 }, { width: 0, height: 0 })).toEqual({
      x: 0,
      y: 0,
      width: 640,
      height: 480,
    });
  });
});
