import { test, expect } from './support/test';
import { frameAt, packetTimes, probe, secondFrameDelay, webmLayout } from './support/media';
import { captureScreenStreams, openStudio, pauseFor, startRecording, stopAndDownload, type Mode } from './support/studio';

const MODES: { mode: Mode; slug: string }[] = [
  { mode: 'Screen Only', slug: 'screen-only' },
  { mode: 'Webcam Only', slug: 'webcam-only' },
  { mode: 'Screen + Webcam', slug: 'screen-webcam' },
];

for (const { mode, slug } of MODES) {
  test(`${mode}: 5 s become a seekable 1080p WebM with VP9/VP8 video and Opus audio`, { tag: '@timing' }, async ({ page }, testInfo) => {
    await openStudio(page, mode);
    await startRecording(page);
    await page.waitForTimeout(5000);
    await expect(page.getByTestId('stat-duration')).toHaveText(/^00:0[4-6]$/);
    await expect(page.getByTestId('stat-size')).toHaveText(/ (KB|MB)$/);
    const file = testInfo.outputPath(`${slug}.webm`);
    const { activeSeconds, fileName } = await stopAndDownload(page, file);

    expect(fileName).toMatch(new RegExp(`^recording-${slug}-\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}\\.\\d{3}Z\\.webm$`));
    const info = await probe(file);
    expect(info.formatName).toContain('webm');
    expect(['vp9', 'vp8']).toContain(info.video?.codecName);
    expect(info.audio?.codecName).toBe('opus');
    expect(info.duration, 'container duration is stated').not.toBeNull();
    expect(Math.abs((info.duration ?? 0) - activeSeconds)).toBeLessThanOrEqual(0.3);
    expect({ width: info.video?.width, height: info.video?.height }).toEqual({ width: 1920, height: 1080 });
    const layout = await webmLayout(file);
    expect(layout.hasCues).toBe(true);
    expect(layout.hasDuration).toBe(true);
    // It seeks: a frame decodes from the middle.
    const middle = await frameAt(file, (info.duration ?? 0) / 2);
    expect(middle.width).toBe(1920);
    expect(secondFrameDelay(await packetTimes(file, 'v:0')), 'the second frame after the first, s').toBeLessThanOrEqual(0.2);
    await expect(page.getByRole('button', { name: 'Download recording' })).toBeVisible();
  });
}

test('pausing for 2 s leaves the pause out and keeps audio and video level', { tag: '@timing' }, async ({ page }, testInfo) => {
  await openStudio(page, 'Screen + Webcam');
  await startRecording(page);
  await page.waitForTimeout(2000);
  await pauseFor(page, 2000);
  await page.waitForTimeout(2000);
  const file = testInfo.outputPath('paused.webm');
  const { activeSeconds, wallSeconds } = await stopAndDownload(page, file);
  const info = await probe(file);
  expect(Math.abs((info.duration ?? 0) - activeSeconds)).toBeLessThanOrEqual(0.3);
  expect(wallSeconds - (info.duration ?? 0), 'the 2 s pause is not in the file').toBeGreaterThan(1.7);
  const video = await packetTimes(file, 'v:0');
  const audio = await packetTimes(file, 'a:0');
  // A WebM's last frame carries no duration (ffprobe reads 1 ms); players show it for a frame's time.
  // Counted so, the picture ends with the sound on any machine, however far the encoder ran behind.
  // The 1e-9 is floating point: a sum that is 0.1 to the digit once came out as 0.10000000000000053.
  const frameInterval = (video.times.at(-1) ?? 0) - (video.times.at(-2) ?? 0);
  expect(Math.abs((video.times.at(-1) ?? 0) + frameInterval - audio.end)).toBeLessThanOrEqual(0.1 + 1e-9);
  // No hole where the pause was, about 2 s in, nor at the start (frame pacing itself is measured by
  // `npm run bench`).
  expect(video.largestGap, 'largest frame gap').toBeLessThan(0.5);
});

test('ending the screen share stops and saves the recording', async ({ page }, testInfo) => {
  await captureScreenStreams(page);
  await openStudio(page, 'Screen Only');
  await startRecording(page);
  await page.waitForTimeout(2000);
  const download = page.waitForEvent('download');
  await page.evaluate(() => {
    const track = window.__screenStreams?.at(-1)?.getVideoTracks()[0];
    if (!track) throw new Error('no screen track');
    // What the browser does when the user presses "Stop sharing": the track ends and fires `ended`.
    track.stop();
    track.dispatchEvent(new Event('ended'));
  });
  const file = testInfo.outputPath('share-ended.webm');
  await (await download).saveAs(file);
  await expect(page.getByText('Your video has been processed and is ready for download.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeEnabled();
  await expect(page.getByRole('toolbar', { name: 'Recording controls' }).getByRole('button', { name: 'Select Screen', exact: true })).toBeEnabled();
  const info = await probe(file);
  expect(info.duration ?? 0).toBeGreaterThan(1.5);
  expect((await webmLayout(file)).hasCues).toBe(true);
});

test('the video and audio toggles flip the tracks and show their badges', async ({ page }) => {
  await openStudio(page, 'Webcam Only');
  // Choosing a webcam mode brings the camera up by itself.
  await expect(page.getByRole('button', { name: 'Webcam connected' })).toBeDisabled();
  await page.getByRole('button', { name: 'Turn camera off' }).click();
  await expect(page.getByText('Video Off', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Turn camera on' }).click();
  await expect(page.getByText('Video Off', { exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Mute microphone' }).click();
  await expect(page.getByText('Audio Off', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unmute microphone' })).toBeVisible();
});
