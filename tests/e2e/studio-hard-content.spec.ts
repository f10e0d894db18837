/**
 * Content an encoder cannot keep up with (gameplay, a video playing on screen; here a camera of pure
 * noise): the recording steps down instead of queueing frames, so memory stays flat, Stop is instant,
 * and a crash loses no more than with easy content.
 */
import { promisify } from 'node:util';
import { execFile } from 'node:child_process';
import type { Page } from '@playwright/test';
import { test, expect } from './support/test';
import { BASE_ARGS, CHROMIUM_PATH, MIC_FIXTURE, NOISE_CAMERA_FIXTURE } from './support/chromium';
import { packetTimes, probe, secondFrameDelay, webmLayout } from './support/media';
import { browserPss } from './support/process-memory';
import { recordThenCrash, recoverAndDownload } from './support/recovery';
import { openStudio, startRecording, stopAndDownload } from './support/studio';
import { ENCODER_FELL_BEHIND_KEY } from '../../src/media/client/encoder-history';

const run = promisify(execFile);

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...BASE_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${NOISE_CAMERA_FIXTURE}`,
      `--use-file-for-fake-audio-capture=${MIC_FIXTURE}`,
    ],
  },
});

const MB = 1024 * 1024;
/** The studio's keep-up notice: stepped down, or at its last step and still below 15 fps. */
const KEEP_UP = /^(Recording at .* to keep up|This computer cannot keep up: recording at .* fps, below the 15 fps we aim for)$/;
/** Seconds the encoding ladder takes to settle on a rung for content it cannot keep up with. */
const SETTLING_S = 5;

/**
 * Every frame decodes with no error: ffmpeg prints nothing at the error level for a clean file.
 * `-enc_time_base -1` keeps the file's own millisecond clock through to the null output: by default
 * ffmpeg re-times frames onto a guessed frame-rate grid, where two distinct frames a few ms apart (a
 * timer catching up after a stall) land on one tick and the null muxer reports a false "non
 * monotonically increasing dts". Real duplicates in the file are still reported.
 */
async function decodeErrors(file: string): Promise<string> {
  const args = ['-v', 'error', '-i', file, '-enc_time_base', '-1', '-f', 'null', '-'];
  const { stderr } = await run('ffmpeg', args, { maxBuffer: 16 * MB });
  return stderr.trim();
}

/** The keep-up notice's text: empty while the recording keeps its chosen picture and frame rate. */
async function keepUpNotice(page: Page): Promise<string> {
  return ((await page.getByTestId('keep-up-notice').textContent()) ?? '').trim();
}

test('20 s of noise at 1080p: memory stays flat, Stop is instant, and the file keeps 15 fps or more', { tag: '@timing' }, async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await openStudio(page, 'Webcam Only');
  await startRecording(page);

  await page.waitForTimeout(8_000);
  const at8 = browserPss(NOISE_CAMERA_FIXTURE);
  // A computer that cannot keep up says so and shows what it records instead. One that can (a faster
  // 2-core machine encodes this noise at 1080p and 30 fps) shows no notice and is held below to the
  // full picture, its card to the file's frame rate as the other's is.
  const early = await keepUpNotice(page);
  if (early !== '') expect(early).toMatch(KEEP_UP);
  await expect(page.getByTestId('stat-fps')).toHaveText(/^\d+ fps$/);
  await expect(page.getByTestId('stat-resolution')).toHaveText(/^\d+×\d+$/);
  // Twelve more seconds: frames queued instead of dropped (8 MB each at 1080p) would pass the bound in
  // two. Meanwhile the card's frame rate is read every second, to hold against the file's.
  const cardFps: number[] = [];
  const sampledFrom = Date.now();
  while (Date.now() - sampledFrom < 12_000) {
    await page.waitForTimeout(1000);
    cardFps.push(Number.parseInt((await page.getByTestId('stat-fps').textContent()) ?? '', 10));
  }
  const notice = await keepUpNotice(page);
  const resolution = (await page.getByTestId('stat-resolution').textContent()) ?? '';
  if (notice === '') expect(resolution, 'the picture with no keep-up notice').toBe('1920×1080');
  else expect(notice).toMatch(KEEP_UP);
  const at20 = browserPss(NOISE_CAMERA_FIXTURE);

  const file = testInfo.outputPath('noise.webm');
  const startedStop = Date.now();
  const { activeSeconds } = await stopAndDownload(page, file);
  const stopSeconds = (Date.now() - startedStop) / 1000;
  const growth = (at20 - at8) / MB;
  console.log(`noise: PSS ${(at8 / MB).toFixed(0)} → ${(at20 / MB).toFixed(0)} MB (${growth.toFixed(0)} MB), stop → file ${stopSeconds.toFixed(2)} s`);
  expect(growth, 'browser memory growth from 8 s to 20 s, MB').toBeLessThan(100);
  expect(stopSeconds, 'Stop to the downloaded file, s').toBeLessThanOrEqual(2);

  const info = await probe(file);
  expect(info.duration).not.toBeNull();
  expect(Math.abs((info.duration ?? 0) - activeSeconds), 'duration vs recorded time').toBeLessThanOrEqual(0.5);
  const video = await packetTimes(file, 'v:0');
  const fps = video.count / (video.end - video.start);
  // The first seconds are the ladder finding its rung (and the start-up stall, a known defect); from
  // then on the file keeps the 15 fps floor, give or take a frame dropped while it steps down.
  const settledFrom = video.start + SETTLING_S;
  const settledFps = video.times.filter((time) => time >= settledFrom).length / (video.end - settledFrom);
  console.log(`noise: ${video.count} frames in ${(info.duration ?? 0).toFixed(2)} s, ${fps.toFixed(1)} fps (${settledFps.toFixed(2)} after ${SETTLING_S} s), largest gap ${(video.largestGap * 1000).toFixed(0)} ms`);
  // The card says what the file got: its readings from 9 s to 20 s (each over the 3 s before it)
  // against the file's frames from 6 s on, within a frame a second.
  const cardMean = cardFps.reduce((sum, value) => sum + value, 0) / cardFps.length;
  const sampledSpanFrom = video.start + 6;
  const fileFpsThen = video.times.filter((time) => time >= sampledSpanFrom).length / (video.end - sampledSpanFrom);
  console.log(`noise: the card said ${cardFps.join(', ')} fps (mean ${cardMean.toFixed(2)}); the file got ${fileFpsThen.toFixed(2)} fps then; "${notice}"`);
  expect(Math.abs(cardMean - fileFpsThen), 'the card’s frame rate against the file’s').toBeLessThanOrEqual(1);
  // No stall: an encoder that cannot keep up takes fewer frames, not a burst and then nothing. Taking
  // its start-up allowance at full rate left 0.67-1.3 s without a frame half a second in.
  expect(video.largestGap, 'largest frame gap, s').toBeLessThan(0.5);
  expect(secondFrameDelay(video), 'the second frame after the first, s').toBeLessThanOrEqual(0.2);
  // The file keeps the 15 fps floor, give or take a frame dropped while it steps down, unless the studio
  // says plainly that this computer cannot.
  if (!notice.startsWith('This computer cannot keep up')) {
    expect(settledFps, 'frames per second once settled').toBeGreaterThanOrEqual(14.5);
    expect(fps, 'frames per second over the whole file').toBeGreaterThanOrEqual(14);
  }
  expect((await webmLayout(file)).hasCues).toBe(true);
  expect(await decodeErrors(file)).toBe('');

  // A picture made smaller to keep up means this encoder fell behind: the next recording on this device
  // records VP8, which encodes such content faster. The first, knowing nothing yet, recorded VP9.
  expect(info.video?.codecName).toBe('vp9');
  console.log(`noise: recorded at ${resolution} when last read`);
  // The picture may still shrink between that reading and Stop: the stored mark decides the next codec.
  const fellBehind = await page.evaluate((key) => localStorage.getItem(key), ENCODER_FELL_BEHIND_KEY);
  if (!resolution.startsWith('1920×')) expect(fellBehind).toMatch(/^\d+$/);
  await startRecording(page);
  await page.waitForTimeout(2_000);
  const next = testInfo.outputPath('noise-next.webm');
  await stopAndDownload(page, next);
  expect((await probe(next)).video?.codecName).toBe(fellBehind === null ? 'vp9' : 'vp8');
  const nextVideo = await packetTimes(next, 'v:0');
  expect(secondFrameDelay(nextVideo), 'the next recording’s second frame after its first, s').toBeLessThanOrEqual(0.2);
  expect(await decodeErrors(next)).toBe('');
});

test('a tab that crashes while recording noise loses at most a second', { tag: '@timing' }, async ({ page, context, guard }, testInfo) => {
  test.setTimeout(120_000);
  await openStudio(page, 'Webcam Only');
  await startRecording(page);
  // Past the ladder's settling (SETTLING_S), while the encoder runs behind the camera: what a crash would cost then.
  const recorded = await recordThenCrash(page, 7_000);

  const next = await context.newPage();
  guard.watch(next);
  await next.goto('/studio');
  const file = testInfo.outputPath('noise-recovered.webm');
  await recoverAndDownload(next, file, 'Webcam Only');
  const info = await probe(file);
  const duration = info.duration ?? 0;
  console.log(`noise crash: recorded ${recorded.toFixed(2)} s, recovered ${duration.toFixed(2)} s, lost ${(recorded - duration).toFixed(2)} s`);
  expect(duration).toBeGreaterThanOrEqual(recorded - 1);
  expect((await webmLayout(file)).hasCues).toBe(true);
  expect(await decodeErrors(file)).toBe('');
});
