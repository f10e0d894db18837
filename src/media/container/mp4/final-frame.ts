/**
 * Players show the last picture for as long as the last frame lasts. A recording's video can end a
 * little before its sound (the compositor's last tick comes before the last audio block), and a
 * WebM's last frame carries no duration, so a conversion drops it. Holding the last picture shown
 * until the sound ends keeps the two tracks the same length, as ffmpeg's muxers do.
 */

/**
 * The duration a video frame should have, in seconds: unchanged, except for the frame that reaches
 * `videoEnd` (the end of the last packet: its start when it has no duration), which lasts until
 * `soundEnd` when the sound goes on longer.
 */
export function heldFrameDuration(timestamp: number, duration: number, videoEnd: number, soundEnd: number): number {
  // Timestamps pass through microsecond rounding on their way here.
  const isLast = timestamp + duration >= videoEnd - 1e-3;
  if (!isLast) return duration;
  return Math.max(duration, soundEnd - timestamp);
}
