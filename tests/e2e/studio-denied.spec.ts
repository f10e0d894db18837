import { test, expect } from './support/test';
import { BASE_ARGS, DESKTOP_CHROMIUM_PATH, FAKE_MEDIA_ARGS } from './support/chromium';
import { probe } from './support/media';
import { recordThenCrash, recoverAndDownload, storedChunkCount } from './support/recovery';
import { expectIdleAndUsable, openStudio, startRecording, stopAndDownload } from './support/studio';

const SHARED_TAB = 'A tab to share';

// Without Chromium's fake permission UI, a device the site was not granted is refused, as when
// the user clicks "Block"; granting it later is the user changing their mind in site settings.
test.use({
  launchOptions: {
    executablePath: DESKTOP_CHROMIUM_PATH,
    // With no fake permission UI the screen picker would wait for a person: the browser picks a tab titled SHARED_TAB itself.
    args: [...BASE_ARGS, ...FAKE_MEDIA_ARGS.filter((a) => a !== '--use-fake-ui-for-media-stream'), `--auto-select-tab-capture-source-by-title=${SHARED_TAB}`],
  },
});

test.describe('camera blocked', () => {
  test.use({ permissions: ['microphone'] });

  test('Start shows Webcam Access Denied, starts nothing, and records once the camera is allowed', async ({ page, context }) => {
    await openStudio(page, 'Webcam Only');
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect(page.getByText('Please allow camera access to record videos.').first()).toBeVisible();
    await expect(page.getByText('Webcam Access Denied').first()).toBeVisible();
    await expectIdleAndUsable(page);
    await context.grantPermissions(['camera', 'microphone']);
    await startRecording(page);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await expect(page.getByRole('button', { name: 'Download recording' })).toBeVisible();
  });
});

test.describe('microphone blocked', () => {
  test.use({ permissions: ['camera'] });

  test('Screen Only with the microphone refused: said once, then a 1080p recording of the right length without sound', { tag: '@timing' }, async ({ page, context }, testInfo) => {
    const shared = await context.newPage();
    await shared.setContent(`<title>${SHARED_TAB}</title><h1 style="font-size:200px">Shared</h1>`);
    await page.bringToFront();
    await openStudio(page, 'Screen Only');
    await startRecording(page);
    // The refusal is told (the spec's notice), and where the meter would be the studio says it records without one.
    await expect(page.getByText('Microphone Access Denied')).toBeVisible();
    await expect(page.getByText('Please allow microphone access to record audio.')).toBeVisible();
    await expect(page.getByTestId('mic-unavailable')).toHaveText('Recording without microphone');
    await expect(page.getByTestId('stat-duration')).toHaveText('00:03', { timeout: 10_000 });
    const file = testInfo.outputPath('no-mic.webm');
    const { activeSeconds } = await stopAndDownload(page, file);
    const info = await probe(file);
    expect({ width: info.video?.width, height: info.video?.height }).toEqual({ width: 1920, height: 1080 });
    expect(info.audio).toBeUndefined();
    expect(Math.abs((info.duration ?? 0) - activeSeconds)).toBeLessThanOrEqual(0.3);
    // The next Start records again without making the user read the same refusal twice: the notice,
    // shown while the microphone is asked for, would be in the page before the REC badge.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __notices: string[] }).__notices = seen;
      // Only notices added from now on (ones closing below stay in the page while they fade).
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes) if (node instanceof Element) for (const title of node.querySelectorAll('.mantine-Notification-title')) seen.push(title.textContent);
      }).observe(document.body, { childList: true, subtree: true });
      for (const close of document.querySelectorAll<HTMLButtonElement>('.mantine-Notification-root button')) close.click();
    });
    await expect(page.getByText('Microphone Access Denied')).toHaveCount(0);
    await startRecording(page);
    await expect(page.getByTestId('mic-unavailable')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __notices: string[] }).__notices)).not.toContain('Microphone Access Denied');
  });

  test('once the microphone is allowed, the next recording has it', async ({ page, context }) => {
    await openStudio(page, 'Webcam Only');
    await expect(page.getByRole('button', { name: 'Webcam connected' })).toBeVisible();
    await startRecording(page);
    await expect(page.getByTestId('mic-unavailable')).toBeVisible();
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await expect(page.getByRole('button', { name: 'Download recording' })).toBeVisible();
    await context.grantPermissions(['camera', 'microphone']);
    await startRecording(page);
    await expect(page.getByRole('progressbar', { name: 'Microphone level' })).toBeVisible();
    await expect(page.getByTestId('mic-unavailable')).toHaveCount(0);
  });

  test('recorded without a microphone, the picture is stored as it comes, and a crash keeps it', async ({ page, context, guard }, testInfo) => {
    await openStudio(page, 'Webcam Only');
    await startRecording(page);
    await expect(page.getByTestId('mic-unavailable')).toBeVisible();
    // The header is one chunk and each second of picture another: a file waiting for sound that never
    // comes stores nothing more until Stop.
    const chunksAtStart = await storedChunkCount(page);
    await expect.poll(() => storedChunkCount(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(chunksAtStart + 2);
    const recorded = await recordThenCrash(page, 1000);
    const next = await context.newPage();
    guard.watch(next);
    await next.goto('/studio');
    const file = testInfo.outputPath('no-mic-recovered.webm');
    await recoverAndDownload(next, file, 'Webcam Only');
    const info = await probe(file);
    expect(info.audio).toBeUndefined();
    // Most of it: how much a crash may lose at most is timed in studio-recovery.spec.ts, alone on the machine.
    expect(info.duration ?? 0).toBeGreaterThanOrEqual(recorded / 2);
  });
});
