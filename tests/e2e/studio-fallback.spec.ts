import { test, expect } from './support/test';
import { probe, webmLayout } from './support/media';
import { openStudio, startRecording, stopAndDownload } from './support/studio';

test('without track processors and WebCodecs, MediaRecorder records and the file is still seekable', async ({ page }, testInfo) => {
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
