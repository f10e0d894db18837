import type { TileView } from '../tile-view';

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

/** What a subscription asks of Janus: a substream, or 'off' (video paused, sound still sent). */
export type LayerChoice = 0 | 1 | 2 | 'off';

/**
 * The layer each subscribed participant's video takes for what the screen shows: off the screen,
 * paused; pinned, the full layer; beside a pinned tile the others are thumbnails and take the
 * quarter; otherwise the size that suits how many tiles share the grid.
 */
export function layersFor(participants: readonly string[], view: TileView): Map<string, LayerChoice> {
  const onScreen = (id: string) => !view.visible || view.visible.has(id);
  // The pinned tile may be this participant's own, which nobody subscribes to: the others are thumbnails all the same.
  const pinned = view.pinned !== null && onScreen(view.pinned) ? view.pinned : null;
  const inGrid = participants.filter((id) => onScreen(id) && id !== pinned);
  const gridLayer = pinned !== null ? 0 : substreamFor(inGrid.length);
  return new Map(participants.map((id): [string, LayerChoice] => [id, !onScreen(id) ? 'off' : id === pinned ? 2 : gridLayer]));
}

/** A subscription's request for a layer, and what came of it. */
export interface LayerRequest {
  /** What was last asked of Janus for the video: a layer, or paused ('off'); null before any. */
  asked: LayerChoice | null;
  /** The layer Janus last said it relays (its `substream` events), null before it says. */
  relaying: number | null;
  /** Janus refused the last request, or it did not reach Janus. */
  failed: boolean;
  /** Times the request has been made. */
  tries: number;
}

/** A request is made again at most this many times. */
export const LAYER_REQUEST_RETRIES = 4;

/**
 * Whether a layer request should be made again: it failed, or Janus relays a larger layer than the
 * one asked, and it has been made again fewer than LAYER_REQUEST_RETRIES times. Going down, Janus
 * switches at the first key frame of any smaller layer, and from a layer below the one asked, at the
 * first key frame of any larger one. When the sender's key frames for a request come smallest first
 * and the largest before the one asked, Janus ends above the layer asked and stays there: the picture
 * flows, so nothing asks for key frames again. A layer below the one asked is Janus falling back while
 * that layer sends nothing, which it leaves by itself when the layer comes back. A layer the sender
 * does not send at all (a small camera has fewer) is never reached, hence the limit.
 */
export function layerRequestDue({ asked, relaying, failed, tries }: LayerRequest): boolean {
  if (asked === null || tries > LAYER_REQUEST_RETRIES) return false;
  return failed || (typeof asked === 'number' && relaying !== null && relaying > asked);
}
