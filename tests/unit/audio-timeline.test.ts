import { describe, expect, it } from 'vitest';
import { AudioTimeline } from '../../src/media/contract/audio-timeline';

const BLOCK = 0.01;

describe('AudioTimeline', () => {
  it('stamps steady blocks gaplessly from their first arrival', () => {
    const timeline = new AudioTimeline();
    const starts = [0.01, 0.02, 0.03, 0.04].map((arrival) => timeline.place(arrival, BLOCK));
    expect(starts.map((s) => s?.toFixed(3))).toEqual(['0.000', '0.010', '0.020', '0.030']);
  });

  it('keeps a burst gapless while it stays within tolerance of arrival', () => {
    const timeline = new AudioTimeline(0.2);
    const starts = Array.from({ length: 10 }, () => timeline.place(0.15, BLOCK));
    expect(starts.every((s) => s !== null)).toBe(true);
    expect(timeline.placedEnd).toBeCloseTo(0.14 + 0.1, 6);
  });

  it('drops blocks that run further ahead of real time than the tolerance', () => {
    const timeline = new AudioTimeline(0.05);
    let dropped = 0;
    for (let i = 0; i < 20; i++) if (timeline.place(0.1, BLOCK) === null) dropped += 1;
    expect(dropped).toBeGreaterThan(0);
    expect(timeline.placedEnd).toBeLessThanOrEqual(0.09 + 0.05 + BLOCK + 1e-9);
  });

  it('re-anchors with a gap when audio falls behind by more than the tolerance', () => {
    const timeline = new AudioTimeline(0.2);
    timeline.place(0.01, BLOCK);
    expect(timeline.place(1.01, BLOCK)).toBeCloseTo(1.0, 6);
  });

  it('anchors afresh after an interruption without overlapping earlier audio', () => {
    const timeline = new AudioTimeline(0.2);
    for (let i = 1; i <= 30; i++) timeline.place(i * BLOCK + 0.1, BLOCK); // runs 0.1 s ahead
    const endBefore = timeline.placedEnd;
    timeline.interrupt();
    const resumed = timeline.place(0.2, BLOCK);
    expect(resumed).toBe(endBefore);
    timeline.interrupt();
    expect(timeline.place(2.01, BLOCK)).toBeCloseTo(2.0, 6);
  });

  it('leaves out blocks captured before the file began, so the sound after them sits where it was captured', () => {
    const timeline = new AudioTimeline(0.05);
    // A busy start: sound from before it is read late, its ends mapped to the file's time 0.
    for (let i = 0; i < 10; i++) expect(timeline.place(0, BLOCK)).toBeNull();
    const starts = [0.01, 0.02, 0.03].map((end) => timeline.place(end, BLOCK));
    expect(starts.map((s) => s?.toFixed(3))).toEqual(['0.000', '0.010', '0.020']);
  });
});
