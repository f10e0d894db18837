import { describe, expect, it } from 'vitest';
import {
  EncodingLadder,
  initialLadderState,
  lowestSizeStep,
  nextLadderState,
  scaledSize,
  type LadderState,
  type SecondFigures,
} from '../../src/media/contract/encoding-ladder';
import { vpxCodecString } from '../../src/media/contract/vpx-codec-string';

const calm: SecondFigures = { frames: 30, dropped: 0, drawCostMs: 4 };
const behind: SecondFigures = { frames: 30, dropped: 19, drawCostMs: 4 };

function lastOf(states: LadderState[]): LadderState {
  const state = states.at(-1);
  if (!state) throw new Error('no state');
  return state;
}

function run(state: LadderState, seconds: SecondFigures[]): LadderState[] {
  const states: LadderState[] = [];
  for (const second of seconds) {
    state = nextLadderState(state, second);
    states.push(state);
  }
  return states;
}

describe('nextLadderState', () => {
  it('drops the frame rate to what the encoder took, in steps of 5 fps, and never below 15', () => {
    const states = run(initialLadderState(30), [
      { frames: 30, dropped: 8, drawCostMs: 4 }, // a quarter dropped: at once, took 22: 20 fps
      { frames: 20, dropped: 3, drawCostMs: 4 }, // 15% dropped: wait for a second bad second
      { frames: 20, dropped: 3, drawCostMs: 4 }, // took 17: 15 fps
    ]);
    expect(states.map((s) => s.step)).toEqual([
      { fps: 20, sizeStep: 0 },
      { fps: 20, sizeStep: 0 },
      { fps: 15, sizeStep: 0 },
    ]);
  });

  it('lets one bad second pass when the next one is calm', () => {
    const states = run(initialLadderState(30), [{ frames: 30, dropped: 4, drawCostMs: 4 }, calm, { frames: 30, dropped: 4, drawCostMs: 4 }]);
    expect(states.every((s) => s.step.fps === 30)).toBe(true);
  });

  it('makes the picture smaller at once when the encoder took fewer than 15 frames in a second', () => {
    const [state] = run(initialLadderState(30), [{ frames: 30, dropped: 20, drawCostMs: 4 }]);
    expect(state?.step).toEqual({ fps: 15, sizeStep: 1 });
  });

  it('makes it smaller after 2 s of pressure at 15 fps, one rung at a time, down to the last rung', () => {
    const atFloor = { ...initialLadderState(15), step: { fps: 15, sizeStep: 0 } };
    const slightlyBehind = { frames: 17, dropped: 2, drawCostMs: 4 };
    const states = run(atFloor, Array<SecondFigures>(9).fill(slightlyBehind));
    expect(states.map((s) => s.step.sizeStep)).toEqual([0, 1, 1, 2, 2, 3, 3, 3, 3]);
    expect(states.every((s) => s.step.fps === 15)).toBe(true);
  });

  it('ignores a few dropped frames (up to 10% of a second), as a key frame burst can cause', () => {
    const states = run(initialLadderState(30), Array<SecondFigures>(5).fill({ frames: 30, dropped: 3, drawCostMs: 4 }));
    expect(states.every((s) => s.step.fps === 30 && s.step.sizeStep === 0)).toBe(true);
  });

  it('climbs after 10 calm seconds, but not straight back to a size that was too much a moment ago', () => {
    const down = lastOf(run(initialLadderState(30), [behind]));
    expect(down.step).toEqual({ fps: 15, sizeStep: 1 });
    const states = run(down, Array<SecondFigures>(80).fill(calm));
    // 1080p failed at 15 fps: the first climbs are frame-rate climbs at 720p.
    expect(states[8]?.step).toEqual({ fps: 15, sizeStep: 1 });
    expect(states[9]?.step).toEqual({ fps: 20, sizeStep: 1 });
    expect(states[19]?.step).toEqual({ fps: 25, sizeStep: 1 });
    // 30 s on, the failure is forgotten (the content may have changed) and 1080p is tried again.
    const back = states.findIndex((s) => s.step.sizeStep === 0);
    expect(back).toBe(29);
    expect(states[back]?.step).toEqual({ fps: 25, sizeStep: 0 });
  });

  it('does not climb the frame rate into one that was too much at this size', () => {
    const down = lastOf(run(initialLadderState(30), [{ frames: 30, dropped: 8, drawCostMs: 4 }]));
    expect(down.step.fps).toBe(20);
    const states = run(down, Array<SecondFigures>(25).fill(calm));
    expect(states.map((s) => s.step.fps).every((fps) => fps === 20)).toBe(true);
  });

  it('waits twice as long before the next climb when a climb brought the pressure back', () => {
    const slowly = { frames: 30, dropped: 4, drawCostMs: 4 }; // took 26: 25 fps, after two such seconds
    let state = lastOf(run(initialLadderState(30), [slowly, slowly]));
    expect(state.step.fps).toBe(25);
    // 30 fps stays off limits for 30 s; then the ladder tries it again.
    const calmStates = run(state, Array<SecondFigures>(30).fill(calm));
    expect(calmStates[28]?.step.fps).toBe(25);
    state = lastOf(calmStates);
    expect(state.step.fps).toBe(30);
    state = lastOf(run(state, [slowly, slowly]));
    expect(state.step.fps).toBe(25);
    expect(state.climbHold).toBe(20);
  });

  it('still lowers the frame rate when drawing alone is too slow, without touching the size', () => {
    const [state] = run(initialLadderState(30), [{ frames: 30, dropped: 0, drawCostMs: 60 }]);
    expect(state?.step).toEqual({ fps: 15, sizeStep: 0 });
  });

  it('climbs back a step a second once drawing is cheap again, with no hold when the encoder kept up', () => {
    const states = run(initialLadderState(30), [{ frames: 30, dropped: 0, drawCostMs: 60 }, calm, calm, calm]);
    expect(states.map((s) => s.step.fps)).toEqual([15, 20, 25, 30]);
  });
});

describe('EncodingLadder', () => {
  it('decides at most once a second from the frames reported in it', () => {
    const ladder = new EncodingLadder(30);
    const changes = [];
    for (let t = 0; t <= 3500; t += 33) {
      const next = ladder.record(t, 4, t % 99 === 0);
      if (next) changes.push({ t, ...next });
    }
    // A third of the frames dropped: down to what the encoder took (20 of 30, then 13 of 20).
    expect(changes.map((c) => c.fps)).toEqual([20, 15]);
    for (let i = 1; i < changes.length; i++) expect((changes[i]?.t ?? 0) - (changes[i - 1]?.t ?? 0)).toBeGreaterThanOrEqual(1000);
    ladder.reset(60);
    expect(ladder.step).toEqual({ fps: 60, sizeStep: 0 });
  });

  it('says it is on its lowest rung only at a third of the picture and 15 fps', () => {
    const ladder = new EncodingLadder(30);
    const rungs: string[] = [];
    // The encoder takes 10 frames a second whatever it is given: each second steps the picture down.
    for (let t = 0, second = 0; second < 5; t += 33) {
      const next = ladder.record(t, 4, t % 1000 > 330);
      if (next) {
        second += 1;
        rungs.push(`${String(next.sizeStep)}@${String(next.fps)}:${String(ladder.atLowestRung)}`);
      }
      if (t > 10_000) break;
    }
    expect(rungs).toEqual(['1@15:false', '2@15:false', '3@15:true']);
  });

  it('never shrinks a picture below 360p: a 720p recording stops at 360p, a 480p one keeps its size', () => {
    const rungsOf = (size: { width: number; height: number }) => {
      const ladder = new EncodingLadder(30);
      ladder.reset(30, [size]);
      const sizes: string[] = [];
      for (let t = 0; t < 8_000; t += 33) {
        const next = ladder.record(t, 4, t % 1000 > 330);
        if (next) sizes.push(`${String(scaledSize(size, next.sizeStep).height)}@${String(next.fps)}`);
      }
      return { sizes, lowest: ladder.atLowestRung };
    };
    expect(rungsOf({ width: 1920, height: 1080 })).toEqual({ sizes: ['720@15', '540@15', '360@15'], lowest: true });
    expect(rungsOf({ width: 1280, height: 720 })).toEqual({ sizes: ['480@15', '360@15'], lowest: true });
    expect(rungsOf({ width: 854, height: 480 })).toEqual({ sizes: ['480@15'], lowest: true });
    // A room's files: none below 360p, so the 720p file's floor holds for the 1080p one too.
    const both = new EncodingLadder(30);
    both.reset(30, [{ width: 1920, height: 1080 }, { width: 1280, height: 720 }]);
    for (let t = 0; t < 8_000; t += 33) both.record(t, 4, t % 1000 > 330);
    expect(both.step.sizeStep).toBe(2);
    expect(both.atLowestRung).toBe(true);
    // A portrait picture by its short side.
    expect(rungsOf({ width: 720, height: 1280 })).toEqual({ sizes: ['854@15', '640@15'], lowest: true });
  });
});

describe('lowestSizeStep', () => {
  it('is the last rung whose short side is still 360 pixels or more', () => {
    expect(lowestSizeStep({ width: 3840, height: 2160 })).toBe(3);
    expect(lowestSizeStep({ width: 1920, height: 1080 })).toBe(3);
    expect(lowestSizeStep({ width: 1280, height: 720 })).toBe(2);
    expect(lowestSizeStep({ width: 640, height: 360 })).toBe(0);
    expect(lowestSizeStep({ width: 320, height: 240 })).toBe(0);
  });
});

describe('scaledSize', () => {
  it('gives 1080p, 720p, 540p and 360p for the four rungs of a 1080p recording, even-sized', () => {
    const size = { width: 1920, height: 1080 };
    expect([0, 1, 2, 3].map((step) => scaledSize(size, step))).toEqual([
      { width: 1920, height: 1080 },
      { width: 1280, height: 720 },
      { width: 960, height: 540 },
      { width: 640, height: 360 },
    ]);
    expect(scaledSize({ width: 1280, height: 720 }, 1)).toEqual({ width: 854, height: 480 });
    expect(scaledSize(size, 9)).toEqual({ width: 640, height: 360 });
  });
});

describe('vpxCodecString', () => {
  it('picks a VP9 level that fits the largest picture', () => {
    expect(vpxCodecString('vp9', { width: 1280, height: 720 })).toBe('vp09.00.31.08');
    expect(vpxCodecString('vp9', { width: 1920, height: 1080 })).toBe('vp09.00.41.08');
    expect(vpxCodecString('vp9', { width: 3840, height: 2160 })).toBe('vp09.00.51.08');
    expect(vpxCodecString('vp8', { width: 3840, height: 2160 })).toBe('vp8');
  });
});
