/**
 * Keeps the last frame of every WebM cluster when a conversion re-encodes the video.
 *
 * mediabunny's Matroska demuxer takes a block's duration from the next block *in the same cluster*;
 * a cluster's last block gets the track's DefaultDuration, or 0 when the track has none. Our
 * recordings have none (their frame rate varies with load), so each cluster's last frame (one a
 * second) came out 0 long, and a re-encoding conversion drops zero-length samples as "outside the
 * trim": an export lost a frame every second. Giving the track a default duration of one nominal
 * frame, before any cluster is read, keeps those frames; every other block's duration still comes
 * from its neighbour, and the MP4 muxer times samples by the next one's timestamp, so only each
 * cluster's last sample's own duration is a nominal one.
 *
 * mediabunny offers no option for this, so it sets the demuxer's field for it; a layout this code
 * does not recognise (another container, another mediabunny) is left alone.
 */
import { MATROSKA, WEBM, type Input } from 'mediabunny';

/** The nominal frame length given to a cluster's last frame. */
const NOMINAL_FRAME_RATE = 30;

interface MatroskaTrackInternals {
  defaultDuration: number | null;
  segment?: { timestampFactor?: number };
}

/** Call before anything reads the input's packets. */
export async function keepClusterEndFrames(input: Input): Promise<void> {
  const format = await input.getFormat();
  if (format !== WEBM && format !== MATROSKA) return;
  const track = await input.getPrimaryVideoTrack();
  const internal = (track as unknown as { _backing?: { internalTrack?: MatroskaTrackInternals } } | null)?._backing?.internalTrack;
  const ticksPerSecond = internal?.segment?.timestampFactor;
  if (!internal || internal.defaultDuration !== null || typeof ticksPerSecond !== 'number') return;
  internal.defaultDuration = ticksPerSecond / NOMINAL_FRAME_RATE;
}
