import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MicLevelMonitor } from '../../src/features/studio/mic-level-monitor';

describe('microphone level and silence warning', () => {
  let level = 0;
  let listening = true;
  let silentChanges: boolean[] = [];
  let monitor: MicLevelMonitor;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    level = 0;
    listening = true;
    silentChanges = [];
    monitor = new MicLevelMonitor({
      level: () => level,
      listening: () => listening,
      visible: () => true,
      onSilentChange: (silent) => silentChanges.push(silent),
    });
    monitor.start();
    monitor.heardNow();
  });

  afterEach(() => {
    monitor.stop();
    vi.useRealTimers();
  });

  it('warns after 5 s of silence while listening, and clears as soon as there is sound', () => {
    vi.advanceTimersByTime(4900);
    expect(silentChanges).toEqual([]);
    vi.advanceTimersByTime(300);
    expect(silentChanges).toEqual([true]);
    level = 0.2;
    vi.advanceTimersByTime(100);
    expect(silentChanges).toEqual([true, false]);
    expect(monitor.getLevel()).toBe(0.2);
  });

  it('never warns while not listening (paused, stopped, or microphone off)', () => {
    listening = false;
    vi.advanceTimersByTime(20_000);
    expect(silentChanges).toEqual([]);
  });

  it('restarts the silence clock on resume or toggle', () => {
    vi.advanceTimersByTime(4000);
    monitor.heardNow();
    vi.advanceTimersByTime(4000);
    expect(silentChanges).toEqual([]);
  });

  it('tells meter listeners only when the level moves noticeably', () => {
    const seen: number[] = [];
    monitor.subscribe(() => seen.push(monitor.getLevel()));
    level = 0.001;
    vi.advanceTimersByTime(100);
    level = 0.5;
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([0.5]);
  });
});
