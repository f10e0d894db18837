/**
 * A newer version of the app, opened in another tab, upgrades the database schema. A tab that is
 * recording keeps its recording: the newer tab waits until the recording is saved, and the old tab
 * then says it was updated and asks for a reload.
 */
import type { Page } from '@playwright/test';
import { probe } from './support/media';
import { openStudio, startRecording, stopAndDownload } from './support/studio';
import { expect, test } from './support/test';

declare global {
  interface Window {
    __upgrade?: { blocked: boolean; opened: boolean };
  }
}

/** What a newer release does on its first load: opens the database at a higher version. */
function openNewerSchema(page: Page): Promise<void> {
  return page.evaluate(() => {
    const seen = { blocked: false, opened: false };
    window.__upgrade = seen;
    const request = indexedDB.open('framecast', 2);
    request.onblocked = () => {
      seen.blocked = true;
    };
    request.onsuccess = () => {
      seen.opened = true;
      request.result.close();
    };
  });
}

const upgrade = (page: Page) => page.evaluate(() => window.__upgrade);

test('a newer schema in another tab waits for the recording here, which is saved whole; then this tab asks for a reload', async ({ page, context }, testInfo) => {
  await openStudio(page, 'Screen + Webcam');
  // An earlier take, listed in the library before the upgrade.
  await startRecording(page);
  await page.waitForTimeout(1000);
  await stopAndDownload(page, testInfo.outputPath('earlier.webm'));
  await expect(page.getByTestId('library-item')).toHaveCount(1);

  await startRecording(page);
  await page.waitForTimeout(1500);

  // Same origin, no app code: only the upgrade itself.
  const newer = await context.newPage();
  await newer.goto('/robots.txt');
  await openNewerSchema(newer);
  await expect.poll(() => upgrade(newer)).toEqual({ blocked: true, opened: false });

  // The recording goes on, its bytes still written, while the newer tab waits.
  await page.waitForTimeout(3000);
  expect(await upgrade(newer)).toEqual({ blocked: true, opened: false });
  await expect(page.getByTestId('recording-badge')).toBeVisible();

  const file = testInfo.outputPath('during-upgrade.webm');
  const { activeSeconds } = await stopAndDownload(page, file);
  const info = await probe(file);
  expect(Math.abs((info.duration ?? 0) - activeSeconds), 'every second recorded while the upgrade waited is in the file').toBeLessThanOrEqual(0.3);

  // Saved: the newer version may upgrade now, and this (older) tab says what happened.
  await expect.poll(() => upgrade(newer)).toEqual({ blocked: true, opened: true });
  const notice = page.getByTestId('storage-outdated');
  await expect(notice).toContainText('Framecast was updated in another tab. Reload this tab to keep using your recordings.');
  await expect(notice.getByRole('button', { name: 'Reload this tab' })).toBeVisible();

  // Until the reload, a download from the library says why it cannot be read (no silent failure, no uncaught error).
  await page.getByTestId('library-item').last().getByRole('button', { name: /^Download / }).click();
  const failure = page.locator('.mantine-Notification-root', { hasText: 'Download failed' });
  await expect(failure).toContainText('Framecast was updated in another tab');
});
