/**
 * Chooses the video codec a recording keeps: VP9 (smaller files) when this machine's VP9 encoder
 * keeps up at the recording's size and frame rate, VP8 when it does not and VP8 is clearly faster.
 * Encoder speed differs by engine far more than by machine: Firefox's software VP9 can take several
 * times as long as its VP8 per 1080p frame, while Chromium's VP9 keeps up (docs/browsers.md has the
 * figures). So it is measured, not assumed: a short burst of
 * frames through each encoder, once per size and rate in this worker, started while the preview
 * runs so that Start does not wait for it. A browser whose recordings recently had to shrink their
 * picture to keep up records VP8 outright (src/media/client/encoder-history.ts).
 */
import { getFirstEncodableVideoCodec } from 'mediabunny';
import { vpxCodecString, type VpxCodec } from '../contract/vpx-codec-string';
import type { Size } from '../contract/overlay-geometry';

const PROBE_FRAMES = 10;
/** The first frame includes the encoder's start-up; it is not timed. */
const WARM_FRAMES = 1;
/** VP9 keeps up when a frame costs at most this share of the frame interval. */
const KEEP_UP_SHARE = 1;
/**
 * VP8 is chosen instead only when it takes at most this share of VP9's time. A busy machine slows
 * both encoders alike, so the ratio, unlike the times, does not move with load: Chromium's two are
 * within a small factor of each other and it keeps VP9 however busy it is, while Firefox's VP9 took
 * ten times its VP8 on the probe picture.
 */
const VP8_ADVANTAGE = 0.25;

const choices = new Map<string, Promise<VpxCodec | null>>();
let measuring = false;

/**
 * Turns the measurement on for this worker; true when it was off. A worker turns it on when the page
 * feeds it frames itself (browsers without track processors: Firefox): Chromium's VP9 keeps 30 fps
 * at 1080p (`npm run bench`), and its burst timings on a loaded machine were too noisy to decide on
 * (one gate run chose VP8 for Chromium). Without it, the choice is VP9 where the browser has it.
 */
export function measureCodecSpeed(): boolean {
  const was = measuring;
  measuring = true;
  return !was;
}

/**
 * With `faster` (this browser's encoder fell behind on a recent recording), VP8 wherever the browser
 * has it: on detailed moving content Chromium's VP8 took 0.55-0.85 of VP9's time per frame here
 * (docs/decisions/0007-encoder-backpressure.md), and a recording that already had to shrink its picture
 * needs frames more than VP9's smaller files at the same bitrate.
 */
export function chooseVideoCodec(size: Size, frameRate: number, bitrate: number, faster = false): Promise<VpxCodec | null> {
  const key = `${String(size.width)}x${String(size.height)}@${String(frameRate)}@${String(measuring)}@${String(faster)}`;
  let choice = choices.get(key);
  if (!choice) {
    choice = faster ? firstEncodable(['vp8', 'vp9'], size, bitrate) : decide(size, frameRate, bitrate);
    choices.set(key, choice);
  }
  return choice;
}

async function firstEncodable(order: VpxCodec[], size: Size, bitrate: number): Promise<VpxCodec | null> {
  const supported = await getFirstEncodableVideoCodec(order, { ...size, bitrate });
  return supported === 'vp8' || supported === 'vp9' ? supported : null;
}

async function decide(size: Size, frameRate: number, bitrate: number): Promise<VpxCodec | null> {
  const supported = await firstEncodable(['vp9', 'vp8'], size, bitrate);
  if (supported !== 'vp9') return supported;
  if (!measuring) return 'vp9';
  if ((await firstEncodable(['vp8'], size, bitrate)) !== 'vp8') return 'vp9';
  const vp9Ms = await msPerFrame('vp9', size, frameRate, bitrate, frameBudgetMs(frameRate));
  if (vp9KeepsUp(vp9Ms, frameRate)) return 'vp9';
  const vp8Ms = await msPerFrame('vp8', size, frameRate, bitrate, Number.POSITIVE_INFINITY);
  return vp8ClearlyFaster(vp8Ms, vp9Ms) ? 'vp8' : 'vp9';
}

const frameBudgetMs = (frameRate: number): number => (1000 / frameRate) * KEEP_UP_SHARE;

/** Whether VP9, at `vp9Ms` per frame, keeps up with `frameRate`: then it is kept, VP8 is not even tried. */
export const vp9KeepsUp = (vp9Ms: number, frameRate: number): boolean => vp9Ms <= frameBudgetMs(frameRate);

/**
 * Whether VP8 is fast enough beside a VP9 that does not keep up to be worth its larger files. A burst
 * that failed counts as infinitely slow: when both failed, VP9 (which the browser said it has) stays.
 */
export const vp8ClearlyFaster = (vp8Ms: number, vp9Ms: number): boolean => Number.isFinite(vp8Ms) && vp8Ms <= vp9Ms * VP8_ADVANTAGE;

/**
 * Encodes a short burst of a moving, detailed picture, one frame at a time as a recording that
 * keeps up would, and returns the time per frame in ms. A frame slower than twice `giveUpMs` ends
 * the burst at once: that encoder cannot keep up, and a slow encoder must not hold up Start.
 */
async function msPerFrame(codec: VpxCodec, size: Size, frameRate: number, bitrate: number, giveUpMs: number): Promise<number> {
  const canvas = new OffscreenCanvas(size.width, size.height);
  const context = canvas.getContext('2d', { alpha: false });
  if (!context) return 0;
  const outcome = { failed: false };
  const encoder = new VideoEncoder({
    output: () => undefined,
    error: () => {
      outcome.failed = true;
    },
  });
  let timedMs = 0;
  let timedFrames = 0;
  try {
    encoder.configure({ codec: vpxCodecString(codec, size), ...size, bitrate, bitrateMode: 'constant', framerate: frameRate, latencyMode: 'realtime' });
    for (let i = 0; i < PROBE_FRAMES && !outcome.failed; i += 1) {
      drawProbePicture(context, size, i);
      const frame = new VideoFrame(canvas, { timestamp: Math.round((i * 1e6) / frameRate) });
      const began = performance.now();
      encoder.encode(frame, { keyFrame: i === 0 });
      frame.close();
      await encoder.flush();
      const ms = performance.now() - began;
      if (i < WARM_FRAMES) continue;
      timedMs += ms;
      timedFrames += 1;
      if (ms > giveUpMs * 2) break;
    }
  } catch {
    return Number.POSITIVE_INFINITY;
  } finally {
    if (encoder.state !== 'closed') encoder.close();
  }
  return outcome.failed || timedFrames === 0 ? Number.POSITIVE_INFINITY : timedMs / timedFrames;
}

/** Text-like stripes and blocks that move each frame: about what a screen recording asks of an encoder. */
function drawProbePicture(context: OffscreenCanvasRenderingContext2D, size: Size, index: number): void {
  context.fillStyle = '#f4f4f4';
  context.fillRect(0, 0, size.width, size.height);
  const line = Math.max(4, Math.round(size.height / 60));
  for (let y = 0; y < size.height; y += line * 2) {
    for (let x = (index * 13 + y) % 40; x < size.width; x += 70 + ((x * 7 + y) % 50)) {
      context.fillStyle = `hsl(${String((x + y + index * 20) % 360)}, 60%, 35%)`;
      context.fillRect(x, y, 30 + ((x + y) % 40), line);
    }
  }
}
