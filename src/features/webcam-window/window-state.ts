/**
 * What the webcam window remembers across visits (position, size, shape, minimised) and how a
 * stored value is read back: anything malformed gives the defaults, never an error.
 */
import { z } from '../../shared/zod';
import { WINDOW_SHAPES, constrainSize, type Rect, type WindowShape } from './window-geometry';

export const WINDOW_STATE_KEY = 'framecast-webcam-window';

export interface WindowState {
  /** The user's chosen rectangle; what is drawn is this kept inside the current viewport. */
  rect: Rect | null;
  shape: WindowShape;
  minimized: boolean;
}

export const DEFAULT_WINDOW_STATE: WindowState = { rect: null, shape: 'rectangle', minimized: false };

const coordinate = z.number().min(-100_000).max(100_000);
const length = z.number().positive().max(100_000);

const StoredState = z.object({
  rect: z.object({ x: coordinate, y: coordinate, width: length, height: length }).nullable().catch(null),
  shape: z.enum(WINDOW_SHAPES).catch('rectangle'),
  minimized: z.boolean().catch(false),
});

export function parseWindowState(text: string | null): WindowState {
  if (text === null) return DEFAULT_WINDOW_STATE;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return DEFAULT_WINDOW_STATE;
  }
  const parsed = StoredState.safeParse(json);
  if (!parsed.success) return DEFAULT_WINDOW_STATE;
  const { rect, shape, minimized } = parsed.data;
  // A stored size below the minimum (or a square that is not square) is corrected, not trusted.
  return { rect: rect ? { x: rect.x, y: rect.y, ...constrainSize(rect, shape) } : null, shape, minimized };
}

export function serializeWindowState(state: WindowState): string {
  return JSON.stringify(state);
}
