import { test, expect } from './support/test';
import { BASE_ARGS, DESKTOP_CHROMIUM_PATH, FAKE_MEDIA_ARGS } from './support/chromium';
import { webcamWindow } from './support/webcam-window';

// Without Chromium's fake permission UI, a device the site was not granted is refused, as when
// the user clicks "Block".
test.use({
  permissions: [],
  launchOptions: {
    executablePath: DESKTOP_CHROMIUM_PATH,
    args: [...BASE_ARGS, ...FAKE_MEDIA_ARGS.filter((a) => a !== '--use-fake-ui-for-media-stream')],
  },
});

test('with the camera blocked, opening it says webcam access was denied and leaves nothing open', async ({ page }) => {
  // Screen Only: the refusal seen is the window's own (a webcam mode would ask for the studio's camera too).
  await page.goto('/studio?mode=screen-only');
  await page.getByRole('button', { name: 'Open Floating Webcam' }).click();
  await expect(page.getByText('Webcam Access Denied')).toBeVisible();
  await expect(page.getByText('Please allow camera access to record videos.')).toBeVisible();
  await expect(webcamWindow(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open Floating Webcam' })).toBeVisible();
});
