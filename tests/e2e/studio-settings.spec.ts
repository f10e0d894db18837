import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { test, expect } from './support/test';
import { BASE_ARGS, BUSY_CAMERA_FIXTURE, CAMERA_FIXTURE, CHROMIUM_PATH, FAKE_MEDIA_ARGS } from './support/chromium';
import { maxVolume, probe } from './support/media';
import { chooseOption, openSettings, setBitrate, setSwitch } from './support/settings';
import { captureScreenStreams, openStudio, startRecording, stopAndDownload } from './support/studio';
import { liveMicrophoneSettings, microphoneTracks, watchUserMedia } from './support/user-media';

const run = promisify(execFile);

// The camera plays a detailed moving pattern, so the encoder has a reason to spend its whole bitrate.
// These tests check what the settings ask of the browser, starting from the defaults as a new visitor has them.
test.use({
  storedSettings: null,
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...BASE_ARGS, ...FAKE_MEDIA_ARGS.map((a) => a.replace(CAMERA_FIXTURE, BUSY_CAMERA_FIXTURE))],
  },
});

/** Bytes of the video stream's packets divided by the file's duration, in kbps. */
async function videoKbps(file: string, duration: number): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=size', '-of', 'csv=p=0', file], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const bytes = stdout
    .trim()
    .split('\n')
    .reduce((sum, line) => sum + Number(line), 0);
  return (bytes * 8) / duration / 1000;
}

test('a recording with quality 720p and bitrate 2000 kbps yields a 1280x720 file at about 2000 kbps', { tag: '@timing' }, async ({ page }, info) => {
  await openSettings(page);
  await page.getByRole('radio', { name: /^720p/ }).check();
  await setBitrate(page, 2000);
  await openStudio(page, 'Webcam Only');
  await expect(page.getByRole('button', { name: 'Webcam connected' })).toBeVisible();
  await startRecording(page);
  await page.waitForTimeout(8000);
  const file = info.outputPath('720p-2000.webm');
  await stopAndDownload(page, file);

  const media = await probe(file);
  expect(media.video).toMatchObject({ width: 1280, height: 720 });
  expect(media.duration).not.toBeNull();
  const duration = media.duration ?? 0;
  expect(duration).toBeGreaterThan(6);
  const kbps = await videoKbps(file, duration);
  info.annotations.push({ type: 'video bitrate', description: `${kbps.toFixed(0)} kbps over ${duration.toFixed(1)} s` });
  expect(kbps).toBeGreaterThan(2000 * 0.65);
  expect(kbps).toBeLessThan(2000 * 1.35);
});

/** Whether the REC badge shows at any moment during the next `ms` milliseconds. */
const badgeAppearsWithin = (page: Page, ms: number): Promise<boolean> =>
  page.evaluate(
    (wait) =>
      new Promise<boolean>((resolve) => {
        const seen = () => document.querySelector('[data-testid="recording-badge"]') !== null;
        if (seen()) {
          resolve(true);
          return;
        }
        const observer = new MutationObserver(() => {
          if (!seen()) return;
          observer.disconnect();
          resolve(true);
        });
        observer.observe(document.body, { childList: true, subtree: true });
        setTimeout(() => {
          observer.disconnect();
          resolve(false);
        }, wait);
      }),
    ms,
  );

test('with auto-start on, recording starts as soon as the camera is ready, once', async ({ page }) => {
  await openSettings(page);
  await setSwitch(page, 'Start recording automatically', true);
  await chooseOption(page, 'Default recording mode', 'Webcam Only');
  // Inside the app, as a user goes from Settings to the studio: the camera may come up by itself.
  await page.getByRole('navigation').getByRole('link', { name: 'Record' }).first().click();
  await expect(page.getByRole('radio', { name: 'Webcam Only' })).toBeChecked();
  await expect(page.getByTestId('recording-badge')).toHaveText('REC', { timeout: 20_000 });
  await expect(page.getByText('Recording in webcam only mode.')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await download;
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeEnabled();
  // Once per visit: the streams are still ready, yet nothing restarts on its own (watched
  // continuously, so even a recording that started and failed at once would be seen).
  expect(await badgeAppearsWithin(page, 1500)).toBe(false);
});

test('with auto-start on, a recording started by hand does not start again after Stop', async ({ page }) => {
  await openSettings(page);
  await setSwitch(page, 'Start recording automatically', true);
  await chooseOption(page, 'Default recording mode', 'Screen Only');
  await page.goto('/studio');
  await expect(page.getByTestId('auto-start-hint')).toContainText('recording starts as soon as you select a screen');
  // Start by hand: it picks the screen and records, so auto-start never got to fire.
  await startRecording(page);
  await expect(page.getByTestId('auto-start-hint')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await download;
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeEnabled();
  // The screen is still shared, which is all auto-start waits for; it must not start a second recording.
  expect(await badgeAppearsWithin(page, 4000)).toBe(false);
  await expect(page.getByTestId('auto-start-hint')).toHaveCount(0);
});

test('with auto-start on in a screen mode, selecting the screen starts the recording', async ({ page }) => {
  await openSettings(page);
  await setSwitch(page, 'Start recording automatically', true);
  await chooseOption(page, 'Default recording mode', 'Screen Only');
  await page.goto('/studio');
  await expect(page.getByTestId('auto-start-hint')).toContainText('recording starts as soon as you select a screen');
  expect(await badgeAppearsWithin(page, 1000)).toBe(false);
  await page.getByRole('toolbar', { name: 'Recording controls' }).getByRole('button', { name: 'Select Screen', exact: true }).click();
  await expect(page.getByTestId('recording-badge')).toHaveText('REC', { timeout: 20_000 });
  await expect(page.getByTestId('auto-start-hint')).toHaveCount(0);
});

const POINTER_NOTICE = 'This browser always records the mouse pointer';

declare global {
  interface Window {
    __capturedTracks?: { kind: string; source: 'display' | 'user'; settings: MediaTrackSettings }[];
  }
}

/** Records what each capture request gave back, as the browser reports it on the tracks. */
async function watchCaptures(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const log: NonNullable<Window['__capturedTracks']> = [];
    window.__capturedTracks = log;
    const note = (stream: MediaStream, source: 'display' | 'user') => {
      for (const track of stream.getTracks()) log.push({ kind: track.kind, source, settings: track.getSettings() });
      return stream;
    };
    const display = devices.getDisplayMedia.bind(devices);
    const user = devices.getUserMedia.bind(devices);
    devices.getDisplayMedia = async (options) => note(await display(options), 'display');
    devices.getUserMedia = async (options) => note(await user(options), 'user');
  });
}

test('screen and microphone settings shape what the browser captures', async ({ page }) => {
  await watchCaptures(page);
  await openSettings(page);
  await setSwitch(page, 'Noise suppression', false);
  await setSwitch(page, 'Echo cancellation', false);
  await setSwitch(page, 'Capture system audio', true);
  await setSwitch(page, 'Capture cursor', false);
  await openStudio(page, 'Screen Only');
  await startRecording(page);
  const tracks = (await page.evaluate(() => window.__capturedTracks)) ?? [];
  const screenAudio = tracks.filter((t) => t.source === 'display' && t.kind === 'audio');
  const screenVideo = tracks.find((t) => t.source === 'display' && t.kind === 'video');
  const mic = tracks.find((t) => t.source === 'user' && t.kind === 'audio');
  expect(screenAudio).toHaveLength(1);
  expect(screenVideo?.settings.width).toBe(1920);
  expect(mic?.settings).toMatchObject({ noiseSuppression: false, echoCancellation: false });
  // The fake screen is a test pattern with no pointer on it, and says so: the wish is met, so no notice.
  expect((screenVideo?.settings as { cursor?: string } | undefined)?.cursor).toBe('never');
  await expect(page.getByText(POINTER_NOTICE)).toHaveCount(0);
});

test('the default settings ask for no system audio and a cleaned-up microphone', async ({ page }) => {
  await watchCaptures(page);
  await openStudio(page, 'Screen Only');
  await startRecording(page);
  const tracks = (await page.evaluate(() => window.__capturedTracks)) ?? [];
  expect(tracks.filter((t) => t.source === 'display' && t.kind === 'audio')).toHaveLength(0);
  expect(tracks.find((t) => t.source === 'user' && t.kind === 'audio')?.settings).toMatchObject({
    noiseSuppression: true,
    echoCancellation: true,
  });
});

test('settings changed in another tab reach the open studio: the live microphone and screen follow them', async ({ page, context }, info) => {
  await watchUserMedia(page);
  await captureScreenStreams(page);
  await openStudio(page, 'Screen Only');
  // A first recording connects the microphone, which then stays open while the studio is.
  await startRecording(page);
  await page.waitForTimeout(1000);
  await stopAndDownload(page, info.outputPath('first.webm'));
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeEnabled();
  expect(await liveMicrophoneSettings(page)).toEqual({ noiseSuppression: true, echoCancellation: true });
  const screenWidth = () => page.evaluate(() => window.__screenStreams?.at(-1)?.getVideoTracks()[0]?.getSettings().width);
  expect(await screenWidth()).toBe(1920);

  const other = await context.newPage();
  await openSettings(other);
  await setSwitch(other, 'Noise suppression', false);
  await other.getByRole('radio', { name: /^720p/ }).check();

  // The studio tab re-opens the microphone with the new processing and releases the old one.
  await expect.poll(() => liveMicrophoneSettings(page)).toEqual({ noiseSuppression: false, echoCancellation: true });
  await expect.poll(async () => (await microphoneTracks(page)).filter((t) => t.readyState === 'live')).toHaveLength(1);
  await expect.poll(screenWidth).toBe(1280);
  await other.close();

  // The next recording uses them: 720p, with sound from the new microphone.
  await startRecording(page);
  await page.waitForTimeout(1500);
  const file = info.outputPath('second.webm');
  await stopAndDownload(page, file);
  const media = await probe(file);
  expect(media.video).toMatchObject({ width: 1280, height: 720 });
  expect(media.audio).toBeDefined();
  // Sound, not a silent track: the reopened microphone really feeds the recording.
  expect(await maxVolume(file)).toBeGreaterThan(-60);
});
