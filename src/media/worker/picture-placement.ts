/**
 * Where a file of one source (a room participant's own track) places the picture it shows: at the
 * instant the camera captured it, as its sound is placed (docs/decisions/0015-podcast-tracks.md), each
 * picture once. A picture with no known capture time, or a file of several sources (the mixed
 * picture), is placed at the tick that draws it.
 */

/**
 * A source that sends no new picture for this long (a frozen camera, a track that ended) has its last
 * one encoded again at the tick: the WebM muxer writes nothing until every track has reached a time,
 * so a file whose picture stopped would hold its sound in memory and store nothing more.
 */
export const REPEAT_AFTER_MS = 250;

/** A picture drawn for a file: which source, which of its pictures, and when that one was captured. */
export interface ShownPicture {
  readonly source: object;
  readonly sequence: number;
  /** On the worker's clock (ms); null when the source does not say. */
  readonly capturedAt: number | null;
}

/** The picture a file last encoded, and where it was placed (worker clock, ms). */
export interface PlacedPicture {
  readonly source: object;
  readonly sequence: number;
  readonly atMs: number;
}

/**
 * When to encode the picture shown now (worker clock, ms), or null to leave this tick out: a picture
 * already encoded is not placed again until REPEAT_AFTER_MS has passed. A picture captured before the
 * recording started or last resumed (`notBeforeMs`) is placed there. Placements only move forward, so
 * a timed picture after an untimed or repeated one is not refused for coming before it.
 */
export function placePicture(last: PlacedPicture | null, shown: ShownPicture | null, nowMs: number, notBeforeMs: number): number | null {
  if (shown?.capturedAt == null) return nowMs;
  if (last && last.source === shown.source && last.sequence === shown.sequence) {
    return nowMs - last.atMs >= REPEAT_AFTER_MS ? nowMs : null;
  }
  // One millisecond on: the encoder times frames in whole milliseconds, and refuses one that does not advance.
  const earliest = Math.max(notBeforeMs, last ? last.atMs + 1 : Number.NEGATIVE_INFINITY);
  return Math.min(nowMs, Math.max(shown.capturedAt, earliest));
}
