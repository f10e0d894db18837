/**
 * How a participant's camera is sent to each peer while a Separate recording's tracks are being made
 * and moved (docs/decisions/0015-podcast-tracks.md): each person's track is then recorded from the
 * camera on their own computer, so the call only has to show faces, and a mesh encodes the camera
 * once per peer. Sent smaller, it leaves the computer's cores to the recorder and the transfer.
 */
import type { OwnTrackPhase } from '../tracks/podcast-tracks';
import type { TrackPhase } from '../tracks/track-receiver';

export interface CallVideoLimit {
  /** The picture's height at most, in pixels: larger cameras are scaled down to it. */
  maxHeight: number;
  /** Bits per second at most, per peer. */
  maxBitrate: number;
}

export const SEPARATE_RECORDING_CALL_VIDEO: CallVideoLimit = { maxHeight: 360, maxBitrate: 600_000 };

/** What an encoding of a camera `height` pixels high takes under `limit` (none: as the browser chooses). */
export function encodingUnder(limit: CallVideoLimit | null, height: number | undefined): Pick<RTCRtpEncodingParameters, 'maxBitrate' | 'scaleResolutionDownBy'> {
  if (!limit) return { maxBitrate: undefined, scaleResolutionDownBy: 1 };
  return { maxBitrate: limit.maxBitrate, scaleResolutionDownBy: height && height > limit.maxHeight ? height / limit.maxHeight : 1 };
}

/** What this participant has to do with a Separate recording's tracks right now. */
export interface TrackWork {
  /** A Separate recording is under way (from the host's start to its stop). */
  separateRecording: boolean;
  /** This participant's own track, as its card shows it; null when there is none. */
  ownTrack: OwnTrackPhase | null;
  /** On the host: each participant's track on its way here. */
  incoming: readonly TrackPhase[];
}

/**
 * Whether the camera goes to the call under the limit: while a Separate recording runs, and after
 * its Stop for as long as this computer still moves a track (a guest sending its own, the host
 * receiving or checking one). The rest of a track goes after Stop; a call back at full size at that
 * moment would take the cores the transfer needs. A track waiting for its participant to come back
 * moves nothing, and does not hold the call small.
 */
export function callVideoHeld({ separateRecording, ownTrack, incoming }: TrackWork): boolean {
  if (separateRecording) return true;
  if (ownTrack === 'recording' || ownTrack === 'sending') return true;
  return incoming.some((phase) => phase === 'recording' || phase === 'sending' || phase === 'checking');
}
