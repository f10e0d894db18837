/** The trim dialog's rules, kept pure: what range may be saved, and what the copy is called. */

/** The shortest copy worth saving: a tenth of a second. */
export const MIN_TRIM_S = 0.1;

export interface TrimRange {
  start: number;
  end: number;
}

/** The range to save, or what is wrong with it, in the words the dialog shows. */
export function validTrimRange(start: number, end: number, durationS: number): TrimRange | string {
  if (!Number.isFinite(durationS) || durationS < MIN_TRIM_S) return 'This recording is too short to trim';
  if (!Number.isFinite(start) || !Number.isFinite(end)) return 'Enter the start and end in seconds';
  if (start < 0) return 'The start cannot be before the beginning';
  if (end > durationS + 0.05) return `The end cannot be after the recording ends (${durationS.toFixed(2)} s)`;
  // Checked on the end as it will be cut: an end a hair past the recording is the recording's end.
  const clamped = Math.min(end, durationS);
  if (clamped - start < MIN_TRIM_S) return 'The end must come at least 0.1 s after the start';
  return { start, end: clamped };
}

/** The library name of a trimmed copy of a recording named `name`. */
export function trimmedName(name: string): string {
  return `${name} (trimmed)`.slice(0, 120);
}

/** Times at which to take `count` thumbnails for a strip over a recording of `durationS`. */
export function thumbnailTimes(durationS: number, count: number): number[] {
  if (durationS <= 0 || count <= 0) return [];
  return Array.from({ length: count }, (_, i) => ((i + 0.5) * durationS) / count);
}

/** How long a range keeps, in seconds, free of float noise (41.01 − 31.01 is 9.999…, shown as 00:09). */
export function keptSeconds(range: TrimRange): number {
  return (Math.round(range.end * 1000) - Math.round(range.start * 1000)) / 1000;
}
