/**
 * How the studio opens: a webcam mode chosen inside Framecast brings the camera up at once; a link
 * from another site turns nothing on, and starts nothing, until the person clicks in the page.
 */
import { test, expect } from './support/test';
import { blueShare, previewPixels } from './support/preview';
import { openSettings, setSwitch } from './support/settings';
import { allUserTracks, watchUserMedia } from './support/user-media';

test('Webcam Only opened from Home’s Quick Start shows the live webcam with no further click', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Record Webcam Only' }).click();
  await expect(page).toHaveURL(/\/studio\?mode=webcam-only/);
  await expect(page.getByRole('radio', { name: 'Webcam Only' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Webcam connected' })).toBeVisible({ timeout: 10_000 });
  await expect.poll(async () => blueShare(await previewPixels(page)), { timeout: 10_000 }).toBeGreaterThan(0.3);
  await expect(page.getByTestId('camera-waits-for-click')).toHaveCount(0);
});

test('a link from another site to a webcam mode turns no camera on and starts no recording until a click in the page', async ({ page, baseURL, guard }) => {
  await watchUserMedia(page);
  // Auto-start on: exactly what a hostile link would want to trigger.
  await openSettings(page);
  await setSwitch(page, 'Start recording automatically', true);

  const studio = new URL('/studio?mode=webcam-only', baseURL).href;
  guard.allowStandInHost('elsewhere.example');
  await page.route('http://elsewhere.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Elsewhere</title><a href="${studio}">Open a recorder</a>` }),
  );
  await page.goto('http://elsewhere.example/');
  await page.getByRole('link', { name: 'Open a recorder' }).click();
  await expect(page.getByRole('radio', { name: 'Webcam Only' })).toBeChecked();

  // The studio has decided: it waits, says why, and has opened no device at all.
  await expect(page.getByTestId('camera-waits-for-click')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Webcam' })).toBeVisible();
  expect(await allUserTracks(page)).toEqual([]);
  await expect(page.getByTestId('recording-badge')).toHaveCount(0);

  // A click anywhere in the page is the person's say-so: the camera comes up and auto-start records.
  await page.getByRole('heading', { level: 1, name: 'Recording Studio' }).click();
  await expect(page.getByTestId('camera-waits-for-click')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Webcam connected' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('recording-badge')).toHaveText('REC', { timeout: 20_000 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await download;
});
