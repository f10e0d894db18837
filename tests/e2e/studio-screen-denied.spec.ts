import { test, expect } from './support/test';
import { BASE_ARGS, CHROMIUM_PATH, FAKE_MEDIA_ARGS } from './support/chromium';
import { expectIdleAndUsable, openStudio } from './support/studio';

// Chromium's fake picker answering "deny" is what a user cancelling the screen picker looks like to the page.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...BASE_ARGS, ...FAKE_MEDIA_ARGS.filter((a) => a !== '--use-fake-ui-for-media-stream'), '--use-fake-ui-for-media-stream=deny'],
  },
});

test('a cancelled screen picker shows Screen Capture Denied, starts nothing, and Start can be pressed again', async ({ page }) => {
  await openStudio(page, 'Screen Only');
  for (let attempt = 0; attempt < 2; attempt++) {
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect(page.getByText('Please allow screen capture to record your screen.').first()).toBeVisible();
    await expectIdleAndUsable(page);
  }
  await expect(page.getByText('Screen Capture Denied').first()).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Recording controls' }).getByRole('button', { name: 'Select Screen', exact: true })).toBeEnabled();
});
