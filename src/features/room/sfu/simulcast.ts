/**
 * The camera's simulcast layers through the media server, and which one a viewer takes. Janus's
 * VideoRoom numbers substreams from the smallest (0) up; the browser lists the layers from the largest.
 */

/** Full size, half and a quarter (720p, 360p, 180p for a 720p camera), as Janus's own client sends them. */
export const SIMULCAST_LAYERS: readonly RTCRtpEncodingParameters[] = [
  { rid: 'h', active: true, maxBitrate: 1_200_000 },
  { rid: 'm', active: true, maxBitrate: 400_000, scaleResolutionDownBy: 2 },
  { rid: 'l', active: true, maxBitrate: 120_000, scaleResolutionDownBy: 4 },
];

/**
 * The layer for each remote tile when `others` people share the grid: up to three tiles are large
 * enough for the full layer, up to eight for half, and more for a quarter.
 */
export function substreamFor(others: number): 0 | 1 | 2 {
  if (others <= 3) return 2;
  if (others <= 8) return 1;
  return 0;
}
