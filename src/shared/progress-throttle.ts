/**
 * Passes progress on at most once per `intervalMs`, but always the first report and the end (1).
 * The MP4 export reported every picture across the worker boundary, each a round trip and a
 * re-render of the dialog, and their garbage grew the page's JavaScript heap for as long as the
 * export ran (docs/decisions/0009-mp4-export-and-trim.md). A progress bar and a time-left estimate
 * need a few reports a second.
 */
export function throttleProgress(report: (fraction: number) => void, intervalMs: number, now: () => number = () => performance.now()): (fraction: number) => void {
  let lastAt = -Infinity;
  let lastFraction = Number.NaN;
  return (fraction) => {
    const at = now();
    if (fraction === lastFraction) return;
    if (fraction < 1 && at - lastAt < intervalMs) return;
    lastAt = at;
    lastFraction = fraction;
    report(fraction);
  };
}
