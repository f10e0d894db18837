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

/** A library row to seed: what differs from the fixture's own row (its id, name, mode, session…). */
export interface SeededRow {
  id?: string;
  name: string;
  mode?: string;
  createdAt?: number;
  roomSession?: { roomId: string; startedAt: number };
}

/**
 * Stores the fixture once per row, each a finished recording (a row marked done and its bytes in the
 * chunk store), on a page of the app that has made the database; returns the rows' ids in order. The
 * page shows them after a reload.
 */
export async function seedRecordings(page: Page, rows: readonly SeededRow[]): Promise<string[]> {
  const base64 = readFileSync(LIBRARY_SOURCE).toString('base64');
  return page.evaluate(
    async ({ base64, rows, shape }) => {
      // A plain loop: Uint8Array.from with a mapping function walks the text through the iterator
      // protocol, about a second for these 4.5 MB.
      const text = atob(base64);
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('framecast');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('cannot open the database'));
      });
      const now = Date.now();
      const tx = db.transaction(['recordings', 'chunks'], 'readwrite');
      const ids = rows.map((row, index) => {
        const id = row.id ?? crypto.randomUUID();
        // Listed newest first: without a time of its own, each row is a second older than the one before.
        const createdAt = row.createdAt ?? now - index * 1000;
        tx.objectStore('recordings').put({ mode: 'screen-webcam', ...row, id, state: 'done', createdAt, updatedAt: now, size: bytes.byteLength, mimeType: 'video/webm', ...shape });
        tx.objectStore('chunks').put({ recordingId: id, position: 0, bytes: new Blob([bytes]) });
        return id;
      });
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('the seed was not stored'));
      });
      db.close();
      return ids;
    },
    { base64, rows, shape: SOURCE_SHAPE },
  );
}

/**
 * Opens the studio with the fixture as its one library item, and returns the file's path (its bytes
 * are what a download of the item must give back).
 */
export async function openStudioWithTake(page: Page, name = 'Seeded take'): Promise<string> {
  // The app makes the database and its schema as the studio opens; the row goes in after that.
  await page.goto('/studio');
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeVisible();
  await seedRecordings(page, [{ name }]);
  await page.reload();
  await expect(page.getByTestId('library-item')).toHaveCount(1);
  return LIBRARY_SOURCE;
}
