/** What a participant tile shows: an error, connecting, loading, video off, or the playing video. */
import type { PeerState } from '../room-state';

export type TileState = 'error' | 'connecting' | 'loading' | 'video-off' | 'playing';

export interface TileFacts {
  isLocal: boolean;
  hasVideo: boolean;
  videoEnabled: boolean;
  connectionState: PeerState;
  /** The video element has started showing frames. */
  playing: boolean;
  /** The video element failed, or the connection was given up. */
  failed: boolean;
}

export function tileState(facts: TileFacts): TileState {
  if (facts.failed || facts.connectionState === 'failed') return 'error';
  // While a link is (re)connecting the last picture is frozen: say so rather than show it as live.
  if (!facts.isLocal && facts.connectionState !== 'connected') return 'connecting';
  if (!facts.videoEnabled) return 'video-off';
  if (!facts.hasVideo) return facts.isLocal ? 'video-off' : 'connecting';
  return facts.playing ? 'playing' : 'loading';
}

export const TILE_TEXT: Record<Exclude<TileState, 'playing'>, string> = {
  error: 'Video Error',
  connecting: 'Connecting...',
  loading: 'Loading video...',
  'video-off': 'Video off',
};

export const QUALITY_LABELS = { excellent: 'Excellent', good: 'Good', fair: 'Fair', poor: 'Poor' } as const;

/** Two letters for a tile with no picture: "Ada Lovelace" → "AL". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0]];
  return letters.map((w) => Array.from(w ?? '')[0] ?? '').join('').toUpperCase() || '?';
}
