import { test, expect } from './support/test';
import { BASE_ARGS, FAKE_MEDIA_ARGS } from './support/chromium';
import { expectIdleAndUsable, openStudio, startRecording } from './support/studio';

// Without Chromium's fake permission UI, a device the site was not granted is refused, as when
// the user clicks "Block"; granting it later is the user changing their mind in site settings.
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [...BASE_ARGS, ...FAKE_MEDIA_ARGS.filter((a) => a !== '--use-fake-ui-for-media-stream')],
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

  test('Start shows Microphone Access Denied, starts nothing, and records once it is allowed', async ({ page, context }) => {
    await openStudio(page, 'Webcam Only');
    await expect(page.getByRole('button', { name: 'Webcam connected' })).toBeVisible();
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect(page.getByText('Microphone Access Denied')).toBeVisible();
    await expect(page.getByText('Please allow microphone access to record audio.')).toBeVisible();
    await expectIdleAndUsable(page);
    await context.grantPermissions(['camera', 'microphone']);
    await startRecording(page);
  });
});
