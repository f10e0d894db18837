export const MIN_FPS = 15;

// A frame may use up to this share of its budget before the rate drops; the
// remainder absorbs jitter from GC pauses and the encoder sharing the thread.
const DOWN_THRESHOLD = 0.8;
// Stepping up needs the cost to sit well inside the *next* rate's budget, so
// the step up cannot immediately trigger a step back down (no oscillation).
const UP_THRESHOLD = 0.5;
const STEP_UP = 5;

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
