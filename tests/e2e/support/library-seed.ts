/**
 * A finished take in the library without recording one live: the fixture library-source.webm (8 s of
 * 1080p VP9 + Opus, a key frame every second, cues; scripts/make-fixtures.sh) stored the way the
 * recorder leaves a finished recording, a row marked done and its bytes in the chunk store. The
 * export, trim and storage tests start from it; the recording tests make their own takes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { FIXTURES_DIR } from './chromium';
import { expect } from './test';

export const LIBRARY_SOURCE = path.join(FIXTURES_DIR, 'library-source.webm');
/** What the fixture is, as its row says (ffprobe reads the same). */
const SOURCE_SHAPE = { durationMs: 8000, width: 1920, height: 1080 } as const;

/**
 * Opens the studio with the fixture as its one library item, and returns the file's path (its bytes
 * are what a download of the item must give back).
 */
export async function openStudioWithTake(page: Page, name = 'Seeded take'): Promise<string> {
  // The app makes the database and its schema as the studio opens; the row goes in after that.
  await page.goto('/studio');
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeVisible();
  const base64 = readFileSync(LIBRARY_SOURCE).toString('base64');
  await page.evaluate(
    async ({ base64, name, shape }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('framecast');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('cannot open the database'));
      });
      const id = crypto.randomUUID();
      const now = Date.now();
      const tx = db.transaction(['recordings', 'chunks'], 'readwrite');
      tx.objectStore('recordings').put({ id, name, mode: 'screen-webcam', state: 'done', createdAt: now, updatedAt: now, size: bytes.byteLength, mimeType: 'video/webm', ...shape });
      tx.objectStore('chunks').put({ recordingId: id, position: 0, bytes: new Blob([bytes]) });
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('the seed was not stored'));
      });
      db.close();
    },
    { base64, name, shape: SOURCE_SHAPE },
  );
  await page.reload();
  await expect(page.getByTestId('library-item')).toHaveCount(1);
  return LIBRARY_SOURCE;
}
