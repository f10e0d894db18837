/** The shape of a MediaStreamTrack this module reads, so the rule is testable without a browser. */
export interface TrackLike {
  readonly readyState: 'live' | 'ended';
  readonly muted: boolean;
}

/**
 * Connected means frames can arrive: the track is live and not muted by its source. A stopped or
 * unplugged camera ends the track; a camera taken by the system or another app mutes it.
 */
export function isTrackConnected(track: TrackLike | null | undefined): boolean {
  return track != null && track.readyState === 'live' && !track.muted;
}
