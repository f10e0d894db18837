/**
 * What a recording does when the machine cannot encode what it is given (gameplay, a video playing on
 * screen, any detailed moving picture): it steps down, one rung at a time, and climbs back when there is
 * headroom. Pure: the recorder workers feed it what each second cost and obey the step it returns.
 *
 * The ladder, in order:
 *   1. the frame rate, down to what the encoder took in the last second (5 fps at a time at least),
 *      and no lower than MIN_FPS (15): at once when a quarter of a second's frames were dropped, else
 *      after two seconds of drops in a row (one may be a passing spike);
 *   2. the picture size, to 2/3, 1/2 and then 1/3 of the chosen size (1080p → 720p → 540p → 360p), but
 *      never below 360 pixels on the short side (a 720p recording stops at 360p, a 480p one keeps its
 *      size): at once when the encoder took fewer than 15 frames in a second, else after 2 s of
 *      pressure at 15 fps. Below 360p a face or a line of text is no longer legible.
 * It climbs back, the size first, after calm seconds (10, doubled each time a climb was undone soon
 * after), and never straight back into a step that was too much in the last 30 s.
 * The codec is not a rung: a WebM track has one codec, and switching would split the recording in two.
 * A smaller picture helps VP9 and VP8 alike: the encoder's speed on hard content grows roughly with
 * the pixels saved (docs/decisions/0007-encoder-backpressure.md has the figures).
 *
 * Pressure is measured, not guessed: frames the encoder could not take (its backlog was full, so the
 * frame was dropped instead of queued) and, as before, the cost of drawing a frame.
 */
import { MIN_FPS, nextFrameRate } from './adaptive-frame-rate';
import type { Size } from './overlay-geometry';

/** Picture sizes, as a share of the chosen size. */
export const SIZE_SCALES = [1, 2 / 3, 1 / 2, 1 / 3] as const;

/** The shortest side the ladder shrinks a picture to (unless the chosen size is smaller already). */
export const MIN_PICTURE_SIDE = 360;

/**
 * Frames the encoder may hold before new ones are dropped: a fifth of a second at 30 fps, so the burst
 * of a key frame (one a second, several times a delta frame's cost) passes without a drop.
 */
export const MAX_ENCODER_BACKLOG = 6;
/** The same while a newly configured encoder has yet to produce its first packet (about 300 ms here). */
export const MAX_STARTUP_BACKLOG = 12;
/**
 * Frames all encoders may hold together while the encoder of an earlier picture size finishes its
 * queue beside the new size's: each may start with its own MAX_STARTUP_BACKLOG, and steps in a row
 * must not add up.
 */
export const MAX_HANDOVER_BACKLOG = 2 * MAX_STARTUP_BACKLOG;

const FPS_STEP = 5;
const EVALUATE_EVERY_MS = 1000;
/** A second in which more than this share of frames was dropped is under pressure. */
const PRESSURE_DROP_SHARE = 0.1;
/** A second in which at least this share was dropped steps down at once. */
const SEVERE_DROP_SHARE = 0.25;
/** Seconds of (not severe) pressure in a row before the frame rate steps down. */
const SECONDS_BEFORE_SLOWER = 2;
/** Seconds of pressure at the lowest frame rate before the picture gets smaller. */
const SECONDS_BEFORE_SMALLER = 2;
/** Calm seconds before climbing a rung; doubled each time a climb had to be undone soon after. */
const FIRST_CLIMB_HOLD_SECONDS = 10;
const MAX_CLIMB_HOLD_SECONDS = 300;
/** A climb undone within this many seconds was premature. */
const PREMATURE_SECONDS = 15;
/** How long a step that was too much stays off limits (content changes: a game ends, a video stops). */
const FAILURE_MEMORY_SECONDS = 30;

export interface LadderStep {
  fps: number;
  /** Index into SIZE_SCALES. */
  sizeStep: number;
}

export interface SecondFigures {
  /** Frames drawn for the recording in this second. */
  frames: number;
  /** Of those, frames the encoder could not take. */
  dropped: number;
  /** Average cost of drawing one frame, in ms (NaN when unknown). */
  drawCostMs: number;
}

/** The size of the picture at a rung of the ladder, rounded to even numbers as encoders want. */
export function scaledSize(size: Size, sizeStep: number): Size {
  const scale = SIZE_SCALES[Math.min(Math.max(0, sizeStep), SIZE_SCALES.length - 1)] ?? 1;
  const even = (value: number) => Math.max(2, Math.round((value * scale) / 2) * 2);
  return { width: even(size.width), height: even(size.height) };
}

/** The last size rung the ladder may use for a recording of `size` (see MIN_PICTURE_SIDE). */
export function lowestSizeStep(size: Size): number {
  let lowest = 0;
  for (let step = 1; step < SIZE_SCALES.length; step++) {
    const scaled = scaledSize(size, step);
    if (Math.min(scaled.width, scaled.height) >= MIN_PICTURE_SIDE) lowest = step;
  }
  return lowest;
}

export interface LadderState {
  step: LadderStep;
  targetFps: number;
  /** Index into SIZE_SCALES of the smallest picture allowed. */
  lowestSizeStep: number;
  /** Seconds of pressure in a row at the current step. */
  pressureSeconds: number;
  calmSeconds: number;
  /** Calm seconds needed before the next climb. */
  climbHold: number;
  /** Seconds since the last climb (Infinity when none). */
  sinceClimb: number;
  /** Per size rung: the lowest frame rate that was too much for the encoder there, and how long ago. */
  failures: readonly { fps: number; age: number }[];
}

export function initialLadderState(targetFps: number, lowest = SIZE_SCALES.length - 1): LadderState {
  return {
    step: { fps: targetFps, sizeStep: 0 },
    targetFps,
    lowestSizeStep: lowest,
    pressureSeconds: 0,
    calmSeconds: 0,
    climbHold: FIRST_CLIMB_HOLD_SECONDS,
    sinceClimb: Number.POSITIVE_INFINITY,
    failures: SIZE_SCALES.map(() => ({ fps: Number.POSITIVE_INFINITY, age: 0 })),
  };
}

/** The lowest frame rate known to be too much at a size rung (Infinity when nothing recent is known). */
function knownLimit(state: LadderState, sizeStep: number): number {
  const failure = state.failures[sizeStep];
  return failure && failure.age < FAILURE_MEMORY_SECONDS ? failure.fps : Number.POSITIVE_INFINITY;
}

/** One second later: decides the next step from what the second showed. */
export function nextLadderState(previous: LadderState, second: SecondFigures): LadderState {
  const failures = previous.failures.map((f) => ({ ...f, age: f.age + 1 }));
  const state: LadderState = { ...previous, failures, sinceClimb: previous.sinceClimb + 1 };
  const { step } = state;
  const underPressure = second.dropped > 0 && second.dropped > second.frames * PRESSURE_DROP_SHARE;
  if (underPressure) {
    // What the encoder took this second is what it can do at this size: the next 5 fps above is too much.
    const taken = second.frames - second.dropped;
    const tooMuch = Math.min(step.fps, Math.floor(taken / FPS_STEP) * FPS_STEP + FPS_STEP);
    failures[step.sizeStep] = { fps: Math.min(knownLimit(previous, step.sizeStep), tooMuch), age: 0 };
    // A climb that brought the pressure back was premature: wait longer before the next one.
    const premature = state.sinceClimb <= PREMATURE_SECONDS;
    const climbHold = premature ? Math.min(MAX_CLIMB_HOLD_SECONDS, state.climbHold * 2) : state.climbHold;
    // Penalised once: the climb is forgotten, so a second bad second does not double it again.
    const sinceClimb = premature ? Number.POSITIVE_INFINITY : state.sinceClimb;
    const base = { ...state, calmSeconds: 0, climbHold, sinceClimb, pressureSeconds: 0 };
    const smallest = step.sizeStep >= state.lowestSizeStep;
    if (taken < MIN_FPS && !smallest) return { ...base, step: { fps: MIN_FPS, sizeStep: step.sizeStep + 1 } };
    const pressureSeconds = state.pressureSeconds + 1;
    if (step.fps > MIN_FPS) {
      // One bad second may be a passing spike (another app, a garbage collection): wait for a second
      // one, unless so much was dropped that waiting would show in the file.
      const severe = second.dropped >= second.frames * SEVERE_DROP_SHARE;
      if (!severe && pressureSeconds < SECONDS_BEFORE_SLOWER) return { ...base, pressureSeconds };
      const fps = Math.max(MIN_FPS, Math.min(step.fps - FPS_STEP, Math.floor(taken / FPS_STEP) * FPS_STEP));
      return { ...base, step: { ...step, fps } };
    }
    if (pressureSeconds >= SECONDS_BEFORE_SMALLER && !smallest) return { ...base, step: { ...step, sizeStep: step.sizeStep + 1 } };
    return { ...base, pressureSeconds };
  }
  // Drawing itself too slow: the frame-rate rule of old still applies, without touching the size.
  const drawFps = nextFrameRate(step.fps, state.targetFps, second.drawCostMs);
  if (drawFps < step.fps) return { ...state, pressureSeconds: 0, calmSeconds: 0, step: { ...step, fps: drawFps } };
  // Slowed only because drawing was slow (no encoder limit known here): climb back as soon as the
  // drawing cost allows, a second at a time, as the frame-rate rule always has.
  if (drawFps > step.fps && step.sizeStep === 0 && knownLimit(state, 0) === Number.POSITIVE_INFINITY) {
    return { ...state, pressureSeconds: 0, calmSeconds: 0, sinceClimb: 0, step: { ...step, fps: drawFps } };
  }
  const calmSeconds = state.calmSeconds + 1;
  const calm = { ...state, pressureSeconds: 0, calmSeconds };
  if (calmSeconds < state.climbHold) return calm;
  const climbed = { ...calm, calmSeconds: 0, sinceClimb: 0 };
  // Climb back in the reverse order of the descent, the picture size first, but never straight into
  // what was too much a moment ago.
  if (step.sizeStep > 0 && step.fps < knownLimit(state, step.sizeStep - 1)) {
    return { ...climbed, step: { ...step, sizeStep: step.sizeStep - 1 } };
  }
  if (drawFps > step.fps && drawFps < knownLimit(state, step.sizeStep)) return { ...climbed, step: { ...step, fps: drawFps } };
  return calm;
}

/**
 * The ladder as the recorder workers use it: frames are reported as they are drawn, and at most once a
 * second the ladder returns a new step when it changes. Both recorder workers use it.
 */
export class EncodingLadder {
  private state: LadderState;
  private windowStart = Number.NaN;
  private frames = 0;
  private dropped = 0;
  private drawCost = 0;

  constructor(targetFps: number) {
    this.state = initialLadderState(targetFps);
  }

  get step(): LadderStep {
    return this.state.step;
  }

  /** On the last rung: the smallest picture at the lowest frame rate, nothing left to step down to. */
  get atLowestRung(): boolean {
    return this.state.step.sizeStep >= this.state.lowestSizeStep && this.state.step.fps <= MIN_FPS;
  }

  /**
   * A new target (Settings or a new recording): start again at the top, with nothing remembered. Given
   * the recording's files' sizes, no picture shrinks below MIN_PICTURE_SIDE.
   */
  reset(targetFps: number, sizes: readonly Size[] = []): void {
    const lowest = Math.min(SIZE_SCALES.length - 1, ...sizes.map(lowestSizeStep));
    this.state = initialLadderState(targetFps, lowest);
    this.windowStart = Number.NaN;
    this.frames = 0;
    this.dropped = 0;
    this.drawCost = 0;
  }

  /** Records one drawn frame; returns the new step when it changes, else null. */
  record(nowMs: number, drawCostMs: number, droppedByEncoder: boolean): LadderStep | null {
    if (Number.isNaN(this.windowStart)) this.windowStart = nowMs;
    this.frames += 1;
    this.drawCost += drawCostMs;
    if (droppedByEncoder) this.dropped += 1;
    if (nowMs - this.windowStart < EVALUATE_EVERY_MS) return null;
    const before = this.state.step;
    this.state = nextLadderState(this.state, {
      frames: this.frames,
      dropped: this.dropped,
      drawCostMs: this.drawCost / this.frames,
    });
    this.windowStart = nowMs;
    this.frames = 0;
    this.dropped = 0;
    this.drawCost = 0;
    const after = this.state.step;
    return after.fps === before.fps && after.sizeStep === before.sizeStep ? null : after;
  }
}
