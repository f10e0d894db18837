/**
 * Paces a loop at a target frame rate with the worker's own timers, which browsers do not
 * throttle when the tab is hidden (main-thread timers drop to 1 Hz there). Each tick is
 * scheduled against an absolute deadline so timer lateness does not accumulate as drift.
 */
export interface FrameClock {
  setFrameRate(fps: number): void;
  stop(): void;
}

/**
 * The deadline after a tick that ran at `now` for the one due at `deadline`: one interval on, so
 * timer lateness never accumulates, unless the tick came more than a frame late (a long stall):
 * then the clock resynchronises to `now` instead of bursting frames to catch up.
 */
export function nextDeadline(deadline: number, now: number, interval: number): number {
  const next = deadline + interval;
  return now - next > interval ? now + interval : next;
}

export function startFrameClock(fps: number, onTick: (now: number) => void): FrameClock {
  let interval = 1000 / fps;
  let next = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = true;

  const tick = () => {
    if (!running) return;
    const now = performance.now();
    onTick(now);
    next = nextDeadline(next, now, interval);
    timer = setTimeout(tick, Math.max(0, next - performance.now()));
  };
  timer = setTimeout(tick, 0);

  return {
    setFrameRate(newFps: number) {
      interval = 1000 / newFps;
    },
    stop() {
      running = false;
      clearTimeout(timer);
    },
  };
}
