import { test, expect } from './support/test';
import { expectIdleAndUsable, openStudio, startRecording } from './support/studio';

test('Alt+Shift+R starts and stops, Alt+Shift+P pauses and resumes', async ({ page }) => {
  await openStudio(page, 'Webcam Only');
  await expect(page.getByRole('button', { name: 'Webcam connected' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Alt+Shift+KeyR');
  await expect(page.getByTestId('recording-badge')).toHaveText('REC', { timeout: 20_000 });
  await page.keyboard.press('Alt+Shift+KeyP');
  await expect(page.getByTestId('recording-badge')).toHaveText('Paused');
  await page.keyboard.press('Alt+Shift+KeyP');
  await expect(page.getByTestId('recording-badge')).toHaveText('REC');
  await page.keyboard.press('Alt+Shift+KeyR');
  await download;
  await expect(page.getByRole('button', { name: 'Download recording' })).toBeVisible();
});

test('the microphone level meter moves with the microphone', async ({ page }) => {
  await openStudio(page, 'Webcam Only');
  await startRecording(page);
  const meter = page.getByRole('progressbar', { name: 'Microphone level' });
  await expect.poll(async () => Number(await meter.getAttribute('aria-valuenow'))).toBeGreaterThan(30);
});

test('leaving the studio while recording asks first, and staying keeps recording', async ({ page }) => {
  await openStudio(page, 'Webcam Only');
  await startRecording(page);
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expect.poll(() => asked).toContain('A recording is in progress');
  await expect(page).toHaveURL(/\/studio$/);
  await expect(page.getByTestId('recording-badge')).toHaveText('REC');
});

test('with auto-save off, nothing downloads until the user presses Download', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('framecast-settings', JSON.stringify({ video: { quality: '720p' }, storage: { autoSave: false } }));
  });
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  await openStudio(page, 'Webcam Only');
  await startRecording(page);
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByText('Your video has been processed and is ready for download.')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download recording' }).click();
  expect((await download).suggestedFilename()).toMatch(/^recording-webcam-only-.*\.webm$/);
  await expect(page.getByText('Download Started')).toBeVisible();
  // An automatic download starts as processing ends, before the press: it would have come first.
  expect(downloads).toBe(1);
});

test('a recorder worker that cannot load is said at once and again at Start, and nothing is left stuck', async ({ page, guard }) => {
  // As when an outdated offline cache no longer holds the worker's file.
  await page.route(/\/assets\/recorder\.worker-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
  guard.allowConsoleError(/404|Failed to load|recorder\.worker/i);
  await openStudio(page, 'Webcam Only');
  const message = 'The recorder could not start. Reload the page to try again.';
  await expect(page.getByText(message)).toBeVisible();
  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect(page.getByText(message)).toHaveCount(0);

  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByText('No stream available for recording')).toHaveCount(0);
  await expectIdleAndUsable(page);
});
