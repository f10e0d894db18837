/**
 * Where each participant goes on the mixed recording's canvas (docs/decisions/0013-room-recording.md):
 * layouts for 1, 2, 3–4 participants and a grid beyond. Tiles are 16:9 and as large as the canvas
 * allows; a shorter last row is centred. The compositor fits each picture inside its tile without
 * cropping.
 */
export interface TileRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CanvasSize {
  width: number;
  height: number;
}

/** Space between tiles and around the edge, in canvas pixels. */
export const TILE_GAP = 16;
const TILE_ASPECT = 16 / 9;

/** Columns and rows for `count` tiles: 1×1, 2×1, 2×2 for 3–4, then the squarest grid. */
export function gridShape(count: number): { columns: number; rows: number } {
  if (count <= 1) return { columns: 1, rows: 1 };
  if (count === 2) return { columns: 2, rows: 1 };
  if (count <= 4) return { columns: 2, rows: 2 };
  const columns = Math.ceil(Math.sqrt(count));
  return { columns, rows: Math.ceil(count / columns) };
}

export function roomLayout(canvas: CanvasSize, count: number): TileRect[] {
  if (count <= 0) return [];
  if (count === 1) return [{ x: 0, y: 0, width: canvas.width, height: canvas.height }];
  const { columns, rows } = gridShape(count);
  const cellWidth = (canvas.width - TILE_GAP * (columns + 1)) / columns;
  const cellHeight = (canvas.height - TILE_GAP * (rows + 1)) / rows;
  // The largest 16:9 tile that fits a cell.
  const width = Math.floor(Math.min(cellWidth, cellHeight * TILE_ASPECT));
  const height = Math.floor(width / TILE_ASPECT);
  const blockHeight = rows * height + (rows - 1) * TILE_GAP;
  const top = Math.round((canvas.height - blockHeight) / 2);
  const tiles: TileRect[] = [];
  for (let index = 0; index < count; index++) {
    const row = Math.floor(index / columns);
    const inRow = row === rows - 1 ? count - row * columns : columns;
    const column = index % columns;
    const rowWidth = inRow * width + (inRow - 1) * TILE_GAP;
    const left = Math.round((canvas.width - rowWidth) / 2);
    tiles.push({ x: left + column * (width + TILE_GAP), y: top + row * (height + TILE_GAP), width, height });
  }
  return tiles;
}

/** The largest rectangle of `source`'s aspect inside `tile`, centred (letterboxed, never cropped). */
export function fitInside(source: CanvasSize, tile: TileRect): TileRect {
  if (source.width <= 0 || source.height <= 0) return tile;
  const scale = Math.min(tile.width / source.width, tile.height / source.height);
  const width = Math.round(source.width * scale);
  const height = Math.round(source.height * scale);
  return { x: tile.x + Math.round((tile.width - width) / 2), y: tile.y + Math.round((tile.height - height) / 2), width, height };
}
