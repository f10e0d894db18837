import { describe, expect, it } from 'vitest';
import { fitInside, gridShape, roomLayout, TILE_GAP, type TileRect } from '../../src/media/contract/room-layout';

const CANVAS = { width: 1920, height: 1080 };
const inside = (r: TileRect) => r.x >= 0 && r.y >= 0 && r.x + r.width <= CANVAS.width && r.y + r.height <= CANVAS.height;
const overlap = (a: TileRect, b: TileRect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('room layout', () => {
  it('gives one participant the whole canvas', () => {
    expect(roomLayout(CANVAS, 1)).toEqual([{ x: 0, y: 0, width: 1920, height: 1080 }]);
    expect(roomLayout(CANVAS, 0)).toEqual([]);
  });

  it('puts two side by side, one in each half, vertically centred', () => {
    const [left, right] = roomLayout(CANVAS, 2);
    expect(left).toEqual({ x: TILE_GAP, y: 277, width: 936, height: 526 });
    expect(right).toEqual({ x: 968, y: 277, width: 936, height: 526 });
    expect((left?.x ?? 0) + (left?.width ?? 0)).toBeLessThanOrEqual(960);
    expect(right?.x).toBeGreaterThanOrEqual(960);
  });

  it('uses a 2×2 grid for three and four, centring a short last row', () => {
    const three = roomLayout(CANVAS, 3);
    const four = roomLayout(CANVAS, 4);
    expect(gridShape(3)).toEqual({ columns: 2, rows: 2 });
    expect(four[0]?.y).toBe(four[1]?.y);
    expect(four[2]?.x).toBe(four[0]?.x);
    // The third of three sits alone in the middle of the bottom row.
    const lone = three[2] as TileRect;
    expect(Math.abs(lone.x + lone.width / 2 - 960)).toBeLessThanOrEqual(1);
  });

  it('grows to the squarest grid beyond four', () => {
    expect(gridShape(5)).toEqual({ columns: 3, rows: 2 });
    expect(gridShape(9)).toEqual({ columns: 3, rows: 3 });
    expect(gridShape(10)).toEqual({ columns: 4, rows: 3 });
  });

  it('keeps every tile 16:9, on the canvas and apart from the others', () => {
    for (let count = 1; count <= 12; count++) {
      const tiles = roomLayout(CANVAS, count);
      expect(tiles).toHaveLength(count);
      for (const [i, tile] of tiles.entries()) {
        expect(inside(tile)).toBe(true);
        expect(tile.width / tile.height).toBeCloseTo(16 / 9, 1);
        for (const other of tiles.slice(i + 1)) expect(overlap(tile, other)).toBe(false);
      }
    }
  });

  it('fits a picture inside its tile without cropping or stretching', () => {
    const tile = { x: 16, y: 277, width: 936, height: 526 };
    // 526 / 720 is the tighter scale: the picture is 935 wide, half a pixel of margin each side.
    expect(fitInside({ width: 1280, height: 720 }, tile)).toEqual({ x: 17, y: 277, width: 935, height: 526 });
    const portrait = fitInside({ width: 720, height: 1280 }, tile);
    expect(portrait.height).toBe(526);
    expect(portrait.width).toBe(Math.round(720 * (526 / 1280)));
    expect(portrait.x).toBe(16 + Math.round((936 - portrait.width) / 2));
  });
});
