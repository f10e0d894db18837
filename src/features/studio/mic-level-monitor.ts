/**
 * The studio's microphone meter and its silence warning, given when the microphone has been silent
 * for 5 s while recording. It samples the mixer ten times a second; the level has its own listeners
 * because only the meter needs a tenth-of-a-second update.
 */
const LEVEL_INTERVAL_MS = 100;
const SILENCE_WARNING_MS = 5000;
const SILENCE_LEVEL = 0.003;
/** Level changes smaller than this do not repaint the meter. */
const LEVEL_STEP = 0.002;

export interface MicLevelSource {
  /** The microphone's current level, 0 to 1 (0 with no microphone). */
  level(): number;
  /** Whether the silence clock runs: recording, with the microphone on. */
  listening(): boolean;
  /** Whether anyone can see the meter (a hidden page needs only the silence check). */
  visible(): boolean;
  /** Called when the answer of "silent for 5 s while listening" changes. */
  onSilentChange(silent: boolean): void;
}

export class MicLevelMonitor {
  private readonly listeners = new Set<() => void>();
  private current = 0;
  private lastSoundAt = 0;
  private silent = false;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly source: MicLevelSource) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getLevel = (): number => this.current;

  /** Starts sampling (calling it again is harmless). */
  start(): void {
    this.timer ??= setInterval(() => {
      this.sample();
    }, LEVEL_INTERVAL_MS);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Restarts the silence clock: recording began or resumed, or the microphone was toggled. */
  heardNow(): void {
    this.lastSoundAt = performance.now();
    this.setSilent(false);
  }

  private sample(): void {
    const listening = this.source.listening();
    if (!this.source.visible() && !listening) return;
    const level = this.source.level();
    const now = performance.now();
    if (level > SILENCE_LEVEL || !listening) this.lastSoundAt = now;
    this.setSilent(listening && now - this.lastSoundAt > SILENCE_WARNING_MS);
    if (Math.abs(level - this.current) > LEVEL_STEP) {
      this.current = level;
      for (const listener of [...this.listeners]) listener();
    }
  }

  private setSilent(silent: boolean): void {
    if (silent === this.silent) return;
    this.silent = silent;
    this.source.onSilentChange(silent);
  }
}
