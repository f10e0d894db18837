/**
 * What the room's screen shows, as the media route needs to know it: whose tiles are on screen, and
 * whose is pinned large. Through a media server it decides which video is sent and at what size
 * (docs/sfu.md, Layers); a direct mesh sends everyone's camera whatever the screen shows.
 */
export interface TileView {
  /** Participants whose tiles are on screen; null when everyone's are. */
  visible: ReadonlySet<string> | null;
  /** The participant shown large above the others, if one is pinned. */
  pinned: string | null;
}

export const EVERY_TILE: TileView = { visible: null, pinned: null };

