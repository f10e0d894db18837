/**
 * Passes progress on at most once per `intervalMs`, but always the first report and the end (1).
 * The MP4 export reported every picture across the worker boundary (about 170 messages a second
 * here), each a round trip and a re-render of the dialog, whose garbage grew the page's
 * JavaScript heap by 50 MB over a 30 s export (18 MB when reported five times a second). A progress
 * bar and a time-left estimate need no more.
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
