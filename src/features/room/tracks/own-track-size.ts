/**
 * The picture size of a participant's own track: what their camera (or screen) delivers, no larger
 * than their Settings quality allows, scaled as one and kept even (encoders need even sides).
 */
export interface Size {
  width: number;
  height: number;
}

/** Used when the participant sends no picture (camera off or missing): a black 720p frame. */
export const NO_PICTURE_SIZE: Size = { width: 1280, height: 720 };

const even = (n: number): number => Math.max(2, Math.floor(n / 2) * 2);

export function ownTrackSize(capture: Partial<Size> | null, limit: Size): Size {
  const width = capture?.width ?? 0;
  const height = capture?.height ?? 0;
  if (!(width > 0) || !(height > 0)) return { ...NO_PICTURE_SIZE };
  const scale = Math.min(1, limit.width / width, limit.height / height, Math.max(limit.width, limit.height) / Math.max(width, height));
  return { width: even(width * scale), height: even(height * scale) };
}
