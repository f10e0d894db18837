import { describe, expect, it } from 'vitest';
import { WRITTEN_FPS_WINDOW_MS, WrittenFrameRate } from '../../src/media/contract/written-frame-rate';

/** Frames taken `every` ms apart from `from` until `to` (recording time). */
function take(meter: WrittenFrameRate, from: number, to: number, every: number): void {
  const count = Math.round((to - from) / every);
  for (let i = 0; i < count; i++) meter.taken(from + i * every);
}

describe('WrittenFrameRate', () => {
  it('counts what was taken over the last seconds, whatever rate was aimed for', () => {
    const meter = new WrittenFrameRate();
    take(meter, 0, 10_000, 1000 / 13);
    expect(meter.perSecond(10_000)).toBe(13);
  });

  it('follows a step down within the window', () => {
    const meter = new WrittenFrameRate();
    take(meter, 0, 5000, 1000 / 30);
    take(meter, 5000, 5000 + WRITTEN_FPS_WINDOW_MS, 1000 / 15);
    expect(meter.perSecond(5000 + WRITTEN_FPS_WINDOW_MS)).toBe(15);
  });

  it('over the first second counts from the first frame, never over less than a second', () => {
    const meter = new WrittenFrameRate();
    expect(meter.perSecond(0)).toBe(0);
    take(meter, 0, 500, 1000 / 30);
    expect(meter.perSecond(500)).toBe(15);
    take(meter, 500, 2000, 1000 / 30);
    expect(meter.perSecond(2000)).toBe(30);
  });

  it('keeps its figure through a pause (recording time stands still) and starts over on reset', () => {
    const meter = new WrittenFrameRate();
    take(meter, 0, 4000, 1000 / 20);
    expect(meter.perSecond(4000)).toBe(20);
    expect(meter.perSecond(4000)).toBe(20);
    meter.reset();
    expect(meter.perSecond(4000)).toBe(0);
  });
});
