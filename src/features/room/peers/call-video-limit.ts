/**
 * How a participant's camera is sent to each peer while a Separate recording runs
 * (docs/decisions/0015-podcast-tracks.md): each person's track is then recorded from the camera on
 * their own computer, so the call only has to show faces, and a mesh encodes the camera once per
 * peer. Sent smaller, it leaves the computer's cores to the recorder.
 */
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
