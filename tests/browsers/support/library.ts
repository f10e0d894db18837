/** Puts a recording into the app's IndexedDB as the studio would leave it, for the library to list. */
import { readFileSync } from 'node:fs';
import { waitFor, type BrowserPage } from './browser-page';

export interface SeededRecording {
  id: string;
  name: string;
  durationMs: number;
  width: number;
  height: number;
  mimeType: string;
  /** 'recording' with an old `updatedAt`: a recording whose tab died, to be offered for recovery. */
  state: 'done' | 'recording';
}

/**
 * Waits until the app has created its database: opening it first would create an empty one that
 * the app then takes for its own.
 */
export async function appDatabase(page: BrowserPage): Promise<void> {
  await waitFor(page, "the app's database", async () => (await indexedDB.databases()).some((db) => db.name === 'framecast'));
}

/**
 * Stores `file` as one chunk (call `appDatabase` first). The bytes go in as an ArrayBuffer: every engine accepts that, where
 * WebKit's ephemeral sessions refuse Blob values (the app's own writes find that out for themselves).
 */
export async function seedRecording(page: BrowserPage, file: string, recording: SeededRecording): Promise<void> {
  const base64 = readFileSync(file).toString('base64');
  await page.run(
    async (seed: SeededRecording, data: string) => {
      const binary = atob(data);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('framecast');
        open.onsuccess = () => {
          resolve(open.result);
        };
        open.onerror = () => {
          reject(open.error ?? new Error('open failed'));
        };
      });
      // A row untouched for a minute: no recording is still writing it.
      const now = Date.now() - 60_000;
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction(['recordings', 'chunks'], 'readwrite');
        tx.objectStore('recordings').put({ ...seed, mode: 'webcam-only', createdAt: now, updatedAt: now, size: bytes.length });
        tx.objectStore('chunks').put({ recordingId: seed.id, position: 0, bytes: bytes.buffer });
        tx.oncomplete = () => {
          resolve();
        };
        tx.onabort = () => {
          reject(tx.error ?? new Error('seed aborted'));
        };
      });
      db.close();
    },
    recording,
    base64,
  );
}
