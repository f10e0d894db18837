/**
 * Draws one room picture: each participant's latest frame fitted into its tile (room-layout),
 * with a name label in the mixed recording. A participant with no picture yet gets a dark tile
 * with their name, so the layout never jumps when video arrives.
 */
import { fitInside, roomLayout, type TileRect } from '../contract/room-layout';
import type { SourcePicture } from './latest-frame';

type Context = OffscreenCanvasRenderingContext2D;

export interface DrawnTile {
  label: string;
  image: SourcePicture | null;
}

const BACKGROUND = '#0b0d12';
const EMPTY_TILE = '#1f2430';

export function drawRoom(context: Context, size: { width: number; height: number }, tiles: readonly DrawnTile[], labels: boolean): void {
  context.fillStyle = BACKGROUND;
  context.fillRect(0, 0, size.width, size.height);
  const rects = roomLayout(size, tiles.length);
  tiles.forEach((tile, index) => {
    const rect = rects[index];
    if (!rect) return;
    if (rects.length > 1 || !tile.image) {
      context.fillStyle = EMPTY_TILE;
      context.fillRect(rect.x, rect.y, rect.width, rect.height);
    }
    if (tile.image) {
      const fit = fitInside({ width: tile.image.width, height: tile.image.height }, rect);
      context.drawImage(tile.image.image, fit.x, fit.y, fit.width, fit.height);
    } else {
      drawCentredText(context, rect, tile.label);
    }
    if (labels) drawLabel(context, rect, tile.label);
  });
}

function drawCentredText(context: Context, rect: TileRect, text: string): void {
  context.fillStyle = '#c9ced8';
  context.font = `${String(Math.max(16, Math.round(rect.height / 12)))}px system-ui, sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, rect.x + rect.width / 2, rect.y + rect.height / 2, rect.width - 32);
}

/** A name in the tile's lower-left corner on a dark plate, readable over any picture. */
function drawLabel(context: Context, rect: TileRect, text: string): void {
  const fontSize = Math.max(14, Math.round(rect.height / 22));
  const padding = Math.round(fontSize / 2);
  context.font = `600 ${String(fontSize)}px system-ui, sans-serif`;
  context.textAlign = 'left';
  context.textBaseline = 'middle';
  const maxText = rect.width - padding * 4;
  const width = Math.min(context.measureText(text).width, maxText) + padding * 2;
  const height = fontSize + padding;
  const x = rect.x + padding;
  const y = rect.y + rect.height - height - padding;
  context.fillStyle = 'rgba(0, 0, 0, 0.6)';
  context.beginPath();
  context.roundRect(x, y, width, height, Math.round(height / 4));
  context.fill();
  context.fillStyle = '#ffffff';
  context.fillText(text, x + padding, y + height / 2, maxText);
}
