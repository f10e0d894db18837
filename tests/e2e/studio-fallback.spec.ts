import { test, expect } from './support/test';
import { frameAt, meanColor, probe, webmLayout } from './support/media';
import { openStudio, startRecording, stopAndDownload } from './support/studio';

test('without track processors and WebCodecs, MediaRecorder records and the file is still seekable', { tag: '@timing' }, async ({ page }, testInfo) => {
  // What Firefox and older Safari offer the page: no MediaStreamTrackProcessor, no VideoEncoder.
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'MediaStreamTrackProcessor');
    Reflect.deleteProperty(window, 'VideoEncoder');
  });
  await openStudio(page, 'Webcam Only');
  expect(await page.evaluate(() => 'MediaStreamTrackProcessor' in window || 'VideoEncoder' in window)).toBe(false);
  await expect(page.getByRole('button', { name: 'Webcam connected' })).toBeVisible();
  await startRecording(page);
  await page.waitForTimeout(3000);
  const file = testInfo.outputPath('fallback.webm');
  const { activeSeconds } = await stopAndDownload(page, file);
  const info = await probe(file);
  expect(['vp9', 'vp8']).toContain(info.video?.codecName);
  expect(info.audio?.codecName).toBe('opus');
  expect(info.duration, 'MediaRecorder output was remuxed: the duration is stated').not.toBeNull();
  expect(Math.abs((info.duration ?? 0) - activeSeconds)).toBeLessThanOrEqual(0.5);
  expect((await webmLayout(file)).hasCues).toBe(true);
});

test('without track processors, the page feeds the worker its frames and the overlay is burned in where it belongs', { tag: '@timing' }, async ({ page }, testInfo) => {
  // What Firefox offers the page: WebCodecs, but no MediaStreamTrackProcessor. The page turns each
  // picture of its <video>s into a VideoFrame for the worker, which draws them as they are.
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'MediaStreamTrackProcessor');
  });
  await openStudio(page, 'Screen + Webcam', { shape: 'Circle', size: 'Medium', position: 'Bottom Right' });
  expect(await page.evaluate(() => 'MediaStreamTrackProcessor' in window)).toBe(false);
  await startRecording(page);
  await page.waitForTimeout(3000);
  const file = testInfo.outputPath('page-fed.webm');
  const { activeSeconds } = await stopAndDownload(page, file);
  const info = await probe(file);
  expect(['vp9', 'vp8']).toContain(info.video?.codecName);
  expect(info.video?.width).toBe(1920);
  expect(info.audio?.codecName).toBe('opus');
  expect(Math.abs((info.duration ?? 0) - activeSeconds)).toBeLessThanOrEqual(0.5);
  expect((await webmLayout(file)).hasCues).toBe(true);
  // The medium circle at the bottom right of a 1920×1080 picture (as in studio-preview.spec.ts):
  // the camera's blue inside it, the screen's green above it.
  const frame = await frameAt(file, 1.5);
  const [r, g, b] = meanColor(frame, 1706 + 97 - 10, 866 + 48, 20, 20);
  expect(b, 'camera blue inside the overlay').toBeGreaterThan(170);
  expect(r).toBeLessThan(70);
  expect(g).toBeLessThan(120);
  const [or, og, ob] = meanColor(frame, 1706 + 97 - 10, 866 - 40, 20, 20);
  expect(og, 'screen green outside the overlay').toBeGreaterThan(100);
  expect(or).toBeLessThan(80);
  expect(ob).toBeLessThan(80);
});
