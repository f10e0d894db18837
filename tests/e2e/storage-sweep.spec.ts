/**
 * What no recording can use any more is gone after the next page load: chunks whose recording was
 * deleted (a Discard racing a recovery in another tab) and the reserve a finished recording still
 * booked (a crash between finishing and letting it go, in an older version).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

/** Every chunk key in the app's database, read without changing it. */
function chunkKeys(page: Page): Promise<[string, number][]> {
  return page.evaluate(
    () =>
      new Promise<[string, number][]>((resolve, reject) => {
        const open = indexedDB.open('framecast');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const keys = open.result.transaction('chunks').objectStore('chunks').getAllKeys();
          keys.onsuccess = () => {
            open.result.close();
            resolve(keys.result as [string, number][]);
          };
        };
      }),
  );
}

test('a page load sweeps away orphan chunks and finished recordings’ reserves, and keeps the recordings', async ({ page }) => {
  await page.goto('/about');
  // The state an interrupted race leaves, written the way the app's schema (version 1) stores it.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('framecast', 1);
        open.onupgradeneeded = () => {
          const recordings = open.result.createObjectStore('recordings', { keyPath: 'id' });
          recordings.createIndex('byCreatedAt', 'createdAt');
          open.result.createObjectStore('chunks', { keyPath: ['recordingId', 'position'] });
        };
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const tx = open.result.transaction(['recordings', 'chunks'], 'readwrite');
          const now = Date.now();
          tx.objectStore('recordings').put({
            id: 'finished', name: 'Screen Only recording', mode: 'screen-only', state: 'done', createdAt: now, updatedAt: now,
            durationMs: 1000, size: 3, mimeType: 'video/webm', width: 1920, height: 1080,
          });
          const chunks = tx.objectStore('chunks');
          const bytes = new Blob([new Uint8Array([1, 2, 3])]);
          chunks.put({ recordingId: 'finished', position: 0, bytes });
          chunks.put({ recordingId: 'finished', position: -1, bytes: new Blob([new Uint8Array(1024)]) });
          chunks.put({ recordingId: 'discarded', position: 0, bytes });
          chunks.put({ recordingId: 'discarded', position: -1, bytes: new Blob([new Uint8Array(1024)]) });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
      }),
  );
  expect(await chunkKeys(page)).toHaveLength(4);

  await page.reload();
  await expect.poll(() => chunkKeys(page)).toEqual([['finished', 0]]);
  // The finished recording itself is still in the library.
  await page.goto('/studio');
  await expect(page.getByText('Screen Only recording')).toBeVisible();
});
