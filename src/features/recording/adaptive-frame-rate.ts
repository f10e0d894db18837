export const MIN_FPS = 15;
export const AVERAGE_WINDOW_MS = 5000;

// A frame may use up to this share of its budget before the rate drops; the
// remainder absorbs jitter from GC pauses and the encoder sharing the thread.
const DOWN_THRESHOLD = 0.8;
// Stepping up needs the cost to sit well inside the *next* rate's budget, so
// the step up cannot immediately trigger a step back down (no oscillation).
const UP_THRESHOLD = 0.5;
const STEP_UP = 5;

interface Sample {
  atMs: number;
  costMs: number;
}

export class FrameCostWindow {
  private samples: Sample[] = [];
  private latestMs = Number.NEGATIVE_INFINITY;

  constructor(private readonly windowMs: number = AVERAGE_WINDOW_MS) {}

  add(atMs: number, costMs: number): void {
    this.samples.push({ atMs, costMs });
    this.latestMs = Math.max(this.latestMs, atMs);
    // Pruning on insert keeps memory bounded over long recordings.
    const cutoff = this.latestMs - this.windowMs;
    this.samples = this.samples.filter((s) => s.atMs >= cutoff);
  }

  average(): number | null {
    if (this.samples.length === 0) return null;
    let total = 0;
    for (const s of this.samples) total += s.costMs;
    return total / this.samples.length;
  }

  span(): number {
    if (this.samples.length === 0) return 0;
    let earliest = this.latestMs;
    for (const s of this.samples) earliest = Math.min(earliest, s.atMs);
    return this.latestMs - earliest;
  }
}

export function nextFrameRate(current: number, target: number, averageCostMs: number): number {
  const ceiling = Math.floor(target);
  if (ceiling < MIN_FPS) return ceiling;
  const clamp = (fps: number): number => Math.min(ceiling, Math.max(MIN_FPS, fps));
  const rate = Number.isFinite(current) ? clamp(Math.round(current)) : ceiling;
  // No measurement means no evidence either way.
  if (Number.isNaN(averageCostMs)) return rate;

  // Budgets are compared by cross-multiplying (cost × rate vs 1000 × share)
  // so that borderline costs are not flipped by float division error.
  if (averageCostMs * rate > 1000 * DOWN_THRESHOLD) {
    return clamp(Math.floor((1000 * DOWN_THRESHOLD) / averageCostMs));
  }
  if (averageCostMs * (rate + STEP_UP) < 1000 * UP_THRESHOLD) {
    return clamp(rate + STEP_UP);
  }
  return rate;
}

const ADAPT_INTERVAL_MS = 1000;

/**
 * A render loop's frame rate: it records what each frame cost and, at most once a second and only
 * once a full second of costs is known, moves the rate by `nextFrameRate`. Both recorder workers use it.
 */
export class FrameRateGovernor {
  private costs = new FrameCostWindow();
  private lastAdapt = 0;
  private target: number;
  current: number;

  constructor(target: number) {
    this.target = target;
    this.current = target;
  }

  /** A new target (Settings or a new recording): start again at it, with no old costs. */
  reset(target: number): void {
    this.target = target;
    this.current = target;
    this.costs = new FrameCostWindow();
    this.lastAdapt = 0;
  }

  /** Records one frame's cost; returns the new frame rate when it changes, else null. */
  record(nowMs: number, costMs: number): number | null {
    this.costs.add(nowMs, costMs);
    if (nowMs - this.lastAdapt < ADAPT_INTERVAL_MS || this.costs.span() < ADAPT_INTERVAL_MS) return null;
    this.lastAdapt = nowMs;
    const average = this.costs.average();
    if (average === null) return null;
    const next = nextFrameRate(this.current, this.target, average);
    if (next === this.current) return null;
    this.current = next;
    return next;
  }
}
