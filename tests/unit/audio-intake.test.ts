import { describe, expect, it } from 'vitest';
import { AudioIntake } from '../../src/media/worker/audio-intake';

/** A 10 ms block at 48 kHz whose source clock says it began at `startMs`; notes whether it was closed. */
function block(startMs: number) {
  const data = { timestamp: startMs * 1000, numberOfFrames: 480, sampleRate: 48_000, closed: false, close: () => (data.closed = true) };
  return data;
}

function releasedEnds(intake: AudioIntake, arrivedBy: number): number[] {
  const ends: number[] = [];
  intake.release(arrivedBy, (value, start, end) => {
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
    expect(releasedEnds(intake, 1252)).toEqual(Array.from({ length: 25 }, (_, i) => 1000 + (i + 1) * 10 + 2));
  });

  it('holds what arrived after `arrivedBy` until asked for it, and closes what it was not to keep', () => {
    const intake = new AudioIntake();
    const skipped = block(0);
    intake.take(skipped as unknown as AudioData, 1012, false);
    expect(skipped.closed).toBe(true);
    intake.take(block(10) as unknown as AudioData, 1022, true);
    intake.take(block(20) as unknown as AudioData, 1032, true);
    expect(releasedEnds(intake, 1025)).toEqual([1022]);
    expect(releasedEnds(intake, Number.POSITIVE_INFINITY)).toEqual([1032]);
    expect(releasedEnds(intake, Number.POSITIVE_INFINITY)).toEqual([]);
  });

  it('leaves out a block it cannot convert, closed, and places the rest', () => {
    const bad = block(10);
    const intake = new AudioIntake((value) => {
      if (value === (bad as unknown as AudioData)) throw new DOMException('no conversion', 'NotSupportedError');
      return value;
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
    const rest = { timestamp: 9000, numberOfFrames: 48, sampleRate: 48_000, closed: false, close: () => (rest.closed = true) };
    let flushes = 0;
    const intake = new AudioIntake(
      (value) => value,
      () => (flushes++ === 0 ? (rest as unknown as AudioData) : null),
    );
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
      return { timestamp: value.timestamp - 1000, numberOfFrames: 432, sampleRate: 48_000, close: () => undefined } as unknown as AudioData;
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
});
