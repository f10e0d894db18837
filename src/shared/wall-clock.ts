/**
 * This computer's clock in milliseconds since the epoch, read from the monotonic clock, so precise
 * to well under a millisecond and never stepping back as Date.now() can: the clock a room's files
 * note their start in, and its tracks are lined up by (docs/decisions/0015-podcast-tracks.md).
 * Pages and workers each have their own time origin; this gives the same instant in both.
 */
export const epochAt = (performanceNow: number): number => performance.timeOrigin + performanceNow;

export const epochNow = (): number => epochAt(performance.now());
