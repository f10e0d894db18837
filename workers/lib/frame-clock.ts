/**
 * Paces a loop at a target frame rate with the worker's own timers, which browsers do not
 * throttle when the tab is hidden (main-thread timers drop to 1 Hz there). Each tick is
 * scheduled against an absolute deadline so timer lateness does not accumulate as drift.
 */
export interface FrameClock {
  setFrameRate(fps: number): void;
  stop(): void;
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
    next += interval;
    // Fell more than a frame behind (a long stall): resynchronise instead of bursting.
    if (now - next > interval) next = now + interval;
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
