/**
 * The webcam overlay's choices: the one list of each that the compositor's geometry, the studio's
 * pickers and the settings schema all use, so a new size or position cannot reach one and not the others.
 */
export const OVERLAY_SHAPES = ['circle', 'rounded-rectangle', 'square'] as const;
export const OVERLAY_SIZES = ['small', 'medium', 'large'] as const;
export const OVERLAY_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'center-left',
  'center-center',
  'center-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;

export type OverlayShape = (typeof OVERLAY_SHAPES)[number];
export type OverlaySize = (typeof OVERLAY_SIZES)[number];
export type OverlayPosition = (typeof OVERLAY_POSITIONS)[number];
