import { test, expect } from './support/test';
import { BASE_ARGS, CHROMIUM_PATH } from './support/chromium';
import { webcamWindow } from './support/webcam-window';

// No fake devices: this machine has no camera at all, as when the only one is unplugged. The
// browser's permission prompt is answered "Allow", so the failure is the missing device itself.
test.use({
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...BASE_ARGS, '--use-fake-ui-for-media-stream'] },
});

test('with no camera plugged in, the window stays open as Disconnected, says so, and offers Reconnect', async ({ page }) => {
  // Screen Only, so the studio asks for no camera of its own.
  await page.goto('/studio?mode=screen-only');
  await page.getByRole('button', { name: 'Open Floating Webcam' }).click();
  const win = webcamWindow(page);
  await expect(win.getByText('No camera found')).toBeVisible({ timeout: 15_000 });
  await expect(win.getByTestId('webcam-status')).toHaveText('Disconnected');
  await expect(page.getByText('Webcam Access Denied')).toHaveCount(0);
  // Still no camera: Reconnect tries again and the window stays as it is.
  await win.getByRole('button', { name: 'Reconnect' }).click();
  await expect(win.getByText('No camera found')).toBeVisible();
  await expect(win).toBeVisible();
  await win.getByRole('button', { name: 'Close webcam window' }).click();
  await expect(win).toHaveCount(0);
});
