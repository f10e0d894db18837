import { describe, expect, it } from 'vitest';
import { MediaClock } from '../../src/media/contract/media-clock';

describe('MediaClock', () => {
  it('counts wall time from start', () => {
    const clock = new MediaClock();
    clock.start(1000);
    expect(clock.activeMs(1000)).toBe(0);
    expect(clock.activeMs(3500)).toBe(2500);
  });

  it('stands still while paused and leaves every pause out afterwards', () => {
    const clock = new MediaClock();
    clock.start(0);
    clock.pause(2000);
    expect(clock.activeMs(2000)).toBe(2000);
    expect(clock.activeMs(9000)).toBe(2000);
    clock.resume(9000);
    expect(clock.activeMs(10_000)).toBe(3000);
    clock.pause(11_000);
    clock.resume(12_500);
    expect(clock.activeMs(13_000)).toBe(4500);
  });

  it('ignores a second pause and a resume without a pause', () => {
    const clock = new MediaClock();
    clock.start(0);
    clock.resume(500);
    expect(clock.activeMs(1000)).toBe(1000);
    clock.pause(1000);
    clock.pause(4000); // must not move the pause's start
    clock.resume(5000);
    expect(clock.activeMs(6000)).toBe(2000);
  });

  it('starts afresh, forgetting the last recording’s pauses', () => {
    const clock = new MediaClock();
    clock.start(0);
    clock.pause(1000);
    clock.start(10_000);
    expect(clock.activeMs(11_000)).toBe(1000);
  });

  it('never reports negative time (a clock read before start)', () => {
    const clock = new MediaClock();
    clock.start(5000);
    expect(clock.activeMs(4000)).toBe(0);
  });

  it('says when it last started or resumed; a pause does not move it', () => {
    const clock = new MediaClock();
    clock.start(1000);
    expect(clock.runningSince).toBe(1000);
    clock.pause(3000);
    expect(clock.runningSince).toBe(1000);
    clock.resume(4500);
    expect(clock.runningSince).toBe(4500);
  });
});
