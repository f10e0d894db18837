import { describe, expect, it } from 'vitest';
import { CAPTURE_WINDOW_MS, CaptureClock, LAGGING_FOR_MS } from '../../src/media/contract/capture-clock';

/** 10 ms blocks stamped on a source clock 5,000 ms behind ours, each arriving `delay(i)` ms after its end. */
function run(clock: CaptureClock, blocks: number, delay: (i: number) => number, from = 0): number[] {
  const captured: number[] = [];
  for (let i = from; i < from + blocks; i++) {
    const sourceEnd = (i + 1) * 10;
    captured.push(clock.observe(sourceEnd + 5000 + delay(i), sourceEnd));
  }
  return captured;
}

describe('CaptureClock', () => {
  it('places a burst that a busy thread received late where it was captured', () => {
    const clock = new CaptureClock();
    run(clock, 100, () => 3);
    // The thread was busy for 250 ms: 25 blocks arrive together at its end.
    const burst = run(clock, 25, (i) => 250 - (i - 100) * 10, 100);
    expect(burst).toEqual(Array.from({ length: 25 }, (_, k) => (101 + k) * 10 + 5003));
  });

  it('never puts a block later than its arrival, and learns the shortest delay as it comes', () => {
    const clock = new CaptureClock();
    const [first] = run(clock, 1, () => 40);
    expect(first).toBe(10 + 5040);
    const later = run(clock, 3, (i) => [40, 2, 40][i - 1] ?? 0, 1);
    expect(later).toEqual([20 + 5040, 30 + 5002, 40 + 5002]);
  });

  it('follows a source clock that fell behind ours, once the old shortest delay has left its window', () => {
    const clock = new CaptureClock();
    run(clock, 100, () => 3);
    // From block 100 on the source's clock reads 20 ms less (a glitch in the device): its blocks
    // look 20 ms more delayed, and for a window they are placed 20 ms early, well within the audio
    // timeline's tolerance; then the new delay is learned.
    const arrivalFor = (i: number) => (i + 1) * 10 + 5000 + 3;
    const captured = (i: number) => clock.observe(arrivalFor(i), (i + 1) * 10 - 20);
    let i = 100;
    for (; arrivalFor(i) <= arrivalFor(99) + CAPTURE_WINDOW_MS; i++) expect(captured(i)).toBe(arrivalFor(i) - 20);
    expect(captured(i)).toBe(arrivalFor(i));
  });

  it('starts afresh when the timestamps jump, as a new track processor’s first blocks do', () => {
    const clock = new CaptureClock();
    // Six blocks stamped about 6 s ahead of the rest, then the stream's own timestamps.
    for (let i = 0; i < 6; i++) clock.observe(400 + i, 6100 + i * 10);
    expect(clock.observe(612, 358)).toBe(612);
    expect(clock.observe(613, 368)).toBe(613);
    // Late, after a busy moment: placed by the new stream's clock.
    expect(clock.observe(700, 378)).toBe(623);
  });

  it('starts afresh when a block is stamped before the one before it: the source’s clock changed', () => {
    const clock = new CaptureClock();
    // As in the studio: a new track processor's first two blocks on the page's clock, the rest on
    // one 455 ms behind it, arriving on time. Less than a second late, they would wait 2.5 s to be
    // taken as a new clock, placed 0.48 s early meanwhile.
    expect(clock.observe(374, 820)).toBe(374);
    expect(clock.observe(384, 830)).toBe(384);
    expect(clock.observe(411, 375)).toBe(411);
    expect(clock.observe(421, 385)).toBe(421);
    expect(clock.restarts).toBe(1);
  });

  it('starts afresh when a block is stamped seconds further on than the time since the one before: the source’s clock changed', () => {
    const clock = new CaptureClock();
    run(clock, 100, () => 3);
    // From block 100 on the stamps read 3,300 ms more, the blocks still arriving every 10 ms.
    expect(clock.observe(1010 + 5003, 1010 + 3300)).toBe(1010 + 5003);
    expect([clock.restarts, clock.clockChanges]).toEqual([1, 1]);
    expect(clock.observe(1020 + 5003, 1020 + 3300)).toBe(1020 + 5003);
  });

  it('takes a burst, a stall, or blocks dropped upstream for what they are, not a new clock', () => {
    const clock = new CaptureClock();
    run(clock, 100, () => 3);
    // A 600 ms stall, then the burst that was held up, of which the oldest 300 ms were dropped.
    run(clock, 30, (i) => 600 - (i - 130) * 10 - 300, 130);
    // A 2 s silence: no blocks, and the stamps go on by the time that passed.
    run(clock, 10, () => 3, 360);
    expect([clock.restarts, clock.clockChanges]).toEqual([0, 0]);
  });

  it('starts afresh when every block has been late for a while: the source lost time, not a busy moment', () => {
    const clock = new CaptureClock();
    run(clock, 100, () => 3);
    // Page-fed sound whose audio thread lost 200 ms: from block 100 on, every block looks 200 ms late.
    const arrivalFor = (i: number) => (i + 1) * 10 + 5000 + 3 + 200;
    const captured: number[] = [];
    for (let i = 100; i < 100 + (LAGGING_FOR_MS + 100) / 10; i++) captured.push(clock.observe(arrivalFor(i), (i + 1) * 10));
    // Placed 200 ms early at first (the timeline then leaves a gap once it is past its tolerance)...
    expect(captured[0]).toBe(arrivalFor(100) - 200);
    // ...then by the source's new clock.
    expect(captured.at(-1)).toBe(arrivalFor(99 + captured.length));
  });
});
