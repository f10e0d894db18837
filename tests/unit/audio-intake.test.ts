import { describe, expect, it } from 'vitest';
import { AudioIntake, HOLD_MS, SETTLE_MS } from '../../src/media/worker/audio-intake';

/** A 10 ms block at 48 kHz whose source clock says it began at `startMs`; notes whether it was closed. */
function block(startMs: number) {
  const data = { timestamp: startMs * 1000, numberOfFrames: 480, sampleRate: 48_000, closed: false, close: () => (data.closed = true) };
  return data;
}

/** What shaping holds back of a 10 ms block from 0 ms: its last millisecond, 9-10 ms on the source. */
function heldBackMillisecond() {
  const data = { timestamp: 9000, numberOfFrames: 48, sampleRate: 48_000, closed: false, close: () => (data.closed = true) };
  return data;
}

/** An intake that shapes nothing and whose shaper, flushed, gives `tail` once. */
function intakeFlushing(tail: ReturnType<typeof heldBackMillisecond>): AudioIntake {
  let flushes = 0;
  return new AudioIntake(
    (value) => ({ heldBack: null, block: value }),
    () => (flushes++ === 0 ? (tail as unknown as AudioData) : null),
  );
}

function releasedEnds(intake: AudioIntake, nowMs: number): number[] {
  const ends: number[] = [];
  intake.release(nowMs, (value, start, end) => {
    expect(end - start).toBeCloseTo(10, 6);
    ends.push(Math.round(end));
    value.close();
  });
  return ends;
}

describe('AudioIntake', () => {
  it('places a burst that a just-connected feed delivers at once where each block was captured', () => {
    const intake = new AudioIntake();
    // 250 ms of sound (source clock 0-250 ms) arrives together at 1,252 ms; the source's clock is ours
    // less 1,000 ms with a 2 ms delay, as the last, on-time block shows.
    for (let i = 0; i < 25; i++) intake.take(block(i * 10) as unknown as AudioData, 1252, true);
    expect(releasedEnds(intake, 1252 + SETTLE_MS)).toEqual(Array.from({ length: 25 }, (_, i) => 1000 + (i + 1) * 10 + 2));
  });

  it('places none of a new feed until it has been heard for SETTLE_MS, then each block by the clock learnt meanwhile', () => {
    const intake = new AudioIntake();
    // The source's clock is ours less 1,002 ms. The feed's first 250 ms arrive together 40 ms late;
    // the rest on time, a block every 10 ms.
    for (let i = 0; i < 25; i++) intake.take(block(i * 10) as unknown as AudioData, 1290, true);
    expect(intake.settling(1290)).toBe(true);
    // Placed now, the burst would land 38 ms late, and the timeline would keep the sound after it there.
    expect(releasedEnds(intake, 1290 + HOLD_MS)).toEqual([]);
    let arrival = 1290;
    for (let end = 260; arrival < 1290 + SETTLE_MS; end += 10) {
      arrival = 1002 + end;
      intake.take(block(end - 10) as unknown as AudioData, arrival, true);
      if (arrival < 1290 + SETTLE_MS) expect(releasedEnds(intake, arrival)).toEqual([]);
    }
    expect(intake.settling(arrival)).toBe(false);
    const ends = releasedEnds(intake, arrival);
    // Every block that has waited its hold, each where it was captured.
    expect(ends).toEqual(Array.from({ length: ends.length }, (_, i) => 1002 + (i + 1) * 10));
    expect(ends.at(-1)).toBe(arrival - HOLD_MS);
  });

  it('leaves out the blocks held from a clock the source has left, and places the rest by the new one', () => {
    const intake = new AudioIntake();
    // As a new track processor does: its first 80 ms stamped on the sender's clock (ours less 3,289
    // ms), the rest on another (ours less 10 ms), 3.3 s behind. Every block on time on its own clock.
    const first = Array.from({ length: 8 }, (_, i) => block(3540 + i * 10));
    first.forEach((data, i) => {
      intake.take(data as unknown as AudioData, 261 + i * 10, true);
    });
    let arrival = 0;
    for (let end = 341; arrival < 261 + SETTLE_MS; end += 10) {
      arrival = end + 10;
      intake.take(block(end - 10) as unknown as AudioData, arrival, true);
    }
    expect(first.every((data) => data.closed)).toBe(true);
    // Mapped by the new clock, the first blocks would end at 3,560-3,630 ms, and the timeline drop
    // the sound up to there; by their own, they would anchor it on their few late blocks' estimate.
    const ends = releasedEnds(intake, arrival);
    expect(ends).toEqual(Array.from({ length: ends.length }, (_, i) => 351 + i * 10));
  });

  it('keeps the mapping of blocks held when a stall, on the same clock, starts the mapping afresh', () => {
    const intake = new AudioIntake();
    // On time (ours less 1,002 ms) until settled, then a block 1.2 s late: the worker was stalled.
    let end = 10;
    for (; end + 1002 < 1012 + SETTLE_MS; end += 10) intake.take(block(end - 10) as unknown as AudioData, end + 1002, true);
    const lastOnTime = end - 10;
    intake.take(block(end - 10) as unknown as AudioData, end + 1002 + 1200, true);
    const ends = releasedEnds(intake, Number.POSITIVE_INFINITY);
    // Every block held before the stall where it was captured, not 1.2 s later.
    expect(ends.slice(0, -1)).toEqual(Array.from({ length: ends.length - 1 }, (_, i) => 1002 + (i + 1) * 10));
    expect(ends.at(-2)).toBe(lastOnTime + 1002);
  });

  it('holds each block HOLD_MS after it arrived, and closes what it was not to keep', () => {
    const intake = new AudioIntake();
    const skipped = block(0);
    intake.take(skipped as unknown as AudioData, 1012, false);
    expect(skipped.closed).toBe(true);
    // Heard from 1,012 ms: settled at 2,512 ms; a block every 10 ms, on time, from then.
    intake.take(block(1500) as unknown as AudioData, 2512, true);
    intake.take(block(1510) as unknown as AudioData, 2522, true);
    expect(releasedEnds(intake, 2512 + HOLD_MS + 5)).toEqual([2512]);
    expect(releasedEnds(intake, Number.POSITIVE_INFINITY)).toEqual([2522]);
    expect(releasedEnds(intake, Number.POSITIVE_INFINITY)).toEqual([]);
  });

  it('leaves out a block it cannot convert, closed, and places the rest', () => {
    const bad = block(10);
    const intake = new AudioIntake((value) => {
      if (value === (bad as unknown as AudioData)) throw new DOMException('no conversion', 'NotSupportedError');
      return { heldBack: null, block: value };
    });
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      for (const data of [block(0), bad, block(20)]) intake.take(data as unknown as AudioData, 1000 + (data.timestamp / 1000 + 12), true);
      expect(releasedEnds(intake, Number.POSITIVE_INFINITY)).toEqual([1012, 1032]);
    } finally {
      console.warn = warn;
    }
    expect(bad.closed).toBe(true);
  });

  it('drains every block it holds, then what shaping held back, placed by its own timestamp', () => {
    // Shaping holds back the last millisecond of each block, given at the end (after a 10 ms block from 0 ms: 9-10 ms).
    const rest = heldBackMillisecond();
    const intake = intakeFlushing(rest);
    intake.take(block(0) as unknown as AudioData, 1012, true);
    const placed: [number, number][] = [];
    const place = (value: AudioData, start: number, end: number) => {
      placed.push([Math.round(start * 10) / 10, Math.round(end * 10) / 10]);
      value.close();
    };
    intake.drain(place);
    // The source's clock is ours plus 1,002 ms: the block at 1,002-1,012 ms, what was held back at 1,011-1,012.
    expect(placed).toEqual([
      [1002, 1012],
      [1011, 1012],
    ]);
    expect(rest.closed).toBe(true);
    intake.drain(place);
    expect(placed).toHaveLength(2);
  });

  it('places a shaped block by its own timestamp and length, not by the block it came from', () => {
    // A resampler gives 9 ms of a 10 ms block, ending 1 ms before it (it waits for the samples after).
    const intake = new AudioIntake((value) => {
      value.close();
      return { heldBack: null, block: { timestamp: value.timestamp - 1000, numberOfFrames: 432, sampleRate: 48_000, close: () => undefined } as unknown as AudioData };
    });
    intake.take(block(0) as unknown as AudioData, 1012, true);
    const placed: [number, number][] = [];
    intake.release(Number.POSITIVE_INFINITY, (value, start, end) => {
      placed.push([Math.round(start * 10) / 10, Math.round(end * 10) / 10]);
      value.close();
    });
    // The source's clock is ours less 1,002 ms: the shaped block ran from -1 to 8 ms on it.
    expect(placed).toEqual([[1001, 1010]]);
  });

  it('places what shaping held back of the sound before a gap ahead of the block after it, by that sound\'s own mapping', () => {
    // Shaping gives, with the block after a gap, the last 1 ms of the stream before it (9-10 ms on the source).
    const tail = heldBackMillisecond();
    const first = block(0);
    const intake = new AudioIntake((value) => ({ heldBack: value === (first as unknown as AudioData) ? null : (tail as unknown as AudioData), block: value }));
    intake.take(first as unknown as AudioData, 1012, true);
    intake.take(block(500) as unknown as AudioData, 1512, true);
    const placed: [number, number][] = [];
    intake.release(Number.POSITIVE_INFINITY, (value, start, end) => {
      placed.push([Math.round(start * 10) / 10, Math.round(end * 10) / 10]);
      value.close();
    });
    expect(placed).toEqual([
      [1002, 1012],
      [1011, 1012],
      [1502, 1512],
    ]);
    expect(tail.closed).toBe(true);
  });

  it('drops what shaping held back when the source moves to another clock: by the new one it would land far off', () => {
    const tail = heldBackMillisecond();
    const intake = intakeFlushing(tail);
    intake.take(block(0) as unknown as AudioData, 1012, true);
    intake.release(Number.POSITIVE_INFINITY, (value) => {
      value.close();
    });
    // The source's clock jumps by over a minute (a new track processor on another page's clock).
    intake.take(block(90_000) as unknown as AudioData, 1030, true);
    expect(tail.closed).toBe(true);
    const placed: number[] = [];
    intake.drain((value, _start, end) => {
      placed.push(Math.round(end));
      value.close();
    });
    expect(placed).toEqual([1030]);
  });
});
