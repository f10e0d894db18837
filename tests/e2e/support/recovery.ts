/** Drives the interrupted-recording notice and the library like a user. */
import type { Page } from '@playwright/test';
import { expect } from './test';

/** When the REC badge appeared, as a Unix time in ms, so the test can time a crash from outside the page. */
export const recordingStartedAt = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const started = window.__recTimes?.started;
    if (started == null) throw new Error('The recording badge never appeared');
    return performance.timeOrigin + started;
  });

/**
 * Records for `ms`, then kills the renderer (chrome://crash) and returns the seconds recorded. The
 * recording runs until the renderer dies; timing it to the crash event overstates it a little, so a
 * "lost" figure computed from it is an upper bound.
 */
export async function recordThenCrash(page: Page, ms: number): Promise<number> {
  const startedAt = await recordingStartedAt(page);
  await page.waitForTimeout(ms);
  const crashed = new Promise<number>((resolve) => page.once('crash', () => resolve(Date.now())));
  await page.goto('chrome://crash').catch(() => undefined);
  return ((await crashed) - startedAt) / 1000;
}

/** Recovers the one interrupted recording and saves the recovered file to `path`. */
export async function recoverAndDownload(page: Page, path: string, mode = 'Screen + Webcam'): Promise<void> {
  const notice = page.getByRole('region', { name: 'A recording was interrupted' });
  await expect(notice).toHaveCount(1, { timeout: 20_000 });
  await expect(notice).toContainText(`${mode} recording from`);
  await notice.getByRole('button', { name: /^Recover/ }).click();
  const recovered = page.getByRole('region', { name: 'Recording recovered' });
  await expect(recovered).toBeVisible({ timeout: 30_000 });
  await expect(notice).toHaveCount(0);
  const download = page.waitForEvent('download');
  await recovered.getByRole('button', { name: 'Download recovered recording' }).click();
  await (await download).saveAs(path);
}

/** Chunk rows in the app's IndexedDB: what a recording occupies on disk. */
export const storedChunkCount = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('framecast');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const count = open.result.transaction('chunks').objectStore('chunks').count();
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
        };
      }),
  );
