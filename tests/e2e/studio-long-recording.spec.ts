/**
 * A long recording, left by a crash, is recovered into a file that seeks, with the browser's memory
 * flat: on our recorder's path (repaired in place) and on MediaRecorder's (remuxed from the stored
 * chunks into new ones).
 *
 * The gate recovers 160 MB: two and a half times the memory bound, so a recovery that held the file (or
 * any share of it above two fifths) fails. `npm run bench` (BENCH_ONLY=recovery) runs the same test at
 * 1.5 GB, where a slower leak would show, and prints its figures.
 *
 * Memory is the whole browser's PSS (every process), read after a garbage collection in the page:
 * what the work holds on to, not garbage waiting to be collected (the same idea as
 * performance.measureUserAgentSpecificMemory, which needs a cross-origin isolated page). The browser
 * keeps its profile on disk, as a user's does: Playwright's default contexts keep IndexedDB, and
 * every stored byte, in memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { test, expect } from './support/test';
import { BASE_ARGS, BASE_URL, CHROMIUM_PATH } from './support/chromium';
import { browserPss, browserPssByProcess } from './support/process-memory';
import { makeRecordingTemplate, writeLongRecording, type RecorderStyle, type RecordingTemplate } from './support/long-recording';

const MB = 1024 * 1024;
const TARGET_MB = Number(process.env.LONG_RECORDING_MB ?? 160);
const TARGET_BYTES = TARGET_MB * MB;
const SIZE_LABEL = TARGET_MB >= 1024 ? `${String(Math.round((TARGET_MB / 1024) * 10) / 10)} GB` : `${String(TARGET_MB)} MB`;
/**
 * Growth allowed while recovering. Recovery's own working set is reached in its first seconds and is
 * flat to the end, some of it in the browser process, which moves the stored bytes, the rest in the
 * page (figures in `npm run bench`). `LONG_RECORDING_TRACE=1` prints each process's share.
 */
const BOUND_MB = 64;

// Writing and recovering take time in proportion to the size: about 25 s for 160 MB on a 2-core machine.
test.describe.configure({ timeout: Math.max(120_000, TARGET_MB * 400) });

let template: RecordingTemplate;
test.beforeAll(async () => {
  template = await makeRecordingTemplate();
});

const collectGarbage = (page: Page) => page.evaluate(() => (window as unknown as { gc?: () => void }).gc?.());

/** The browser's memory once garbage is collected and things settle: the median of three readings. */
async function settledPss(page: Page, profile: string): Promise<number> {
  await page.waitForTimeout(1500);
  const readings: number[] = [];
  for (let i = 0; i < 3; i++) {
    await collectGarbage(page);
    readings.push(browserPss(profile));
    await page.waitForTimeout(300);
  }
  return readings.sort((a, b) => a - b)[1] ?? 0;
}

/** Runs `work` while reading the browser's memory after a garbage collection, every ~300 ms; returns the highest reading. */
async function peakPssDuring(page: Page, profile: string, work: () => Promise<void>): Promise<number> {
  let peak = 0;
  const working = { done: false };
  const sampler = (async () => {
    while (!working.done) {
      await collectGarbage(page);
      const now = browserPss(profile);
      if (process.env.LONG_RECORDING_TRACE) console.log(JSON.stringify(browserPssByProcess(profile)));
      peak = Math.max(peak, now);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  })();
  try {
    await work();
  } finally {
    working.done = true;
    await sampler;
  }
  return peak;
}

/** Plays the recording's stored file in a video element: its duration, and whether a seek near the end lands. */
function playStored(page: Page, id: string) {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('framecast');
      open.onerror = () => reject(open.error ?? new Error('open failed'));
      open.onsuccess = () => resolve(open.result);
    });
    const get = <T,>(store: string, query: IDBValidKey | IDBKeyRange) =>
      new Promise<T>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll(query);
        request.onsuccess = () => resolve(request.result as T);
        request.onerror = () => reject(request.error ?? new Error('read failed'));
      });
    const [row] = await get<{ state: string; size: number; fileKey?: string }[]>('recordings', id);
    if (!row) throw new Error('the recording is gone');
    const key = row.fileKey ?? id;
    const chunks = await get<{ bytes: Blob }[]>('chunks', IDBKeyRange.bound([key, 0], [key, Infinity]));
    const originals = await get<unknown[]>('chunks', IDBKeyRange.bound([id, -Infinity], [id, Infinity]));
    db.close();
    const file = new Blob(
      chunks.map((c) => c.bytes),
      { type: 'video/webm' },
    );
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'metadata';
    video.src = URL.createObjectURL(file);
    await new Promise((resolve, reject) => {
      video.onloadedmetadata = resolve;
      video.onerror = () => reject(new Error(`the file does not load: ${video.error?.message ?? ''}`));
    });
    const duration = video.duration;
    const target = duration - 5;
    const seekStarted = performance.now();
    video.currentTime = target;
    await new Promise((resolve) => (video.onseeked = resolve));
    const seekMs = performance.now() - seekStarted;
    const landed = video.currentTime;
    // Let the element go before its address does, or it goes on asking for ranges of a revoked URL.
    const url = video.src;
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
    return { state: row.state, size: row.size, fileBytes: file.size, rewritten: key !== id, originalsLeft: key === id ? 0 : originals.length, duration, target, landed, seekMs };
  }, id);
}

for (const [style, label] of [
  ['engine', 'our recorder (repaired in place)'],
  ['media-recorder', 'MediaRecorder (rewritten through the chunk store)'],
] as [RecorderStyle, string][]) {
  test(`${SIZE_LABEL} from ${label}: Recover finishes with memory within ${String(BOUND_MB)} MB, and the file seeks`, async ({ guard }) => {
    const profile = mkdtempSync(path.join(tmpdir(), 'framecast-long-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: [...BASE_ARGS, '--js-flags=--expose-gc'],
      baseURL: BASE_URL,
      serviceWorkers: 'block',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      guard.watch(page);
      await page.goto('/about');
      const recording = await writeLongRecording(page, template, style, `long-${style}`, TARGET_BYTES);
      expect(recording.bytes).toBeGreaterThanOrEqual(TARGET_BYTES);

      await page.reload();
      const notice = page.getByRole('region', { name: 'A recording was interrupted' });
      await expect(notice).toBeVisible({ timeout: 30_000 });
      const baseline = await settledPss(page, profile);
      if (process.env.LONG_RECORDING_TRACE) console.log('baseline', JSON.stringify(browserPssByProcess(profile)));
      const started = Date.now();
      const peak = await peakPssDuring(page, profile, async () => {
        await notice.getByRole('button', { name: /^Recover/ }).click();
        await expect(page.getByRole('region', { name: 'Recording recovered' })).toBeVisible({ timeout: Math.max(60_000, TARGET_MB * 350) });
      });
      const seconds = (Date.now() - started) / 1000;
      const growthMb = (peak - baseline) / MB;
      console.log(
        `${style}: ${(recording.bytes / MB).toFixed(0)} MB, ${(recording.durationMs / 60_000).toFixed(1)} min recovered in ${seconds.toFixed(1)} s; PSS ${(baseline / MB).toFixed(0)} → peak ${(peak / MB).toFixed(0)} MB (${growthMb >= 0 ? '+' : ''}${growthMb.toFixed(1)} MB)`,
      );
      expect(growthMb, 'browser memory growth while recovering, MB').toBeLessThanOrEqual(BOUND_MB);

      const played = await playStored(page, recording.id);
      console.log(`${style}: plays ${played.duration.toFixed(1)} s, seek to ${played.target.toFixed(1)} s landed at ${played.landed.toFixed(1)} s in ${played.seekMs.toFixed(0)} ms`);
      expect(played.state).toBe('done');
      expect(played.size).toBe(played.fileBytes);
      expect(played.rewritten).toBe(style === 'media-recorder');
      expect(played.originalsLeft).toBe(0);
      expect(Math.abs(played.duration * 1000 - recording.durationMs)).toBeLessThan(1500);
      expect(Math.abs(played.landed - played.target)).toBeLessThan(1.5);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
}

test('short of space, Recover says how much to free and keeps the recording; with room, Retry finishes it', async ({ page }) => {
  // Chromium's storage estimate ignores quota overrides and small disks alike (see studio-recovery),
  // so the page is told what a nearly full disk reports: 4 MB free, until the test makes room.
  await page.addInitScript(() => {
    const real = navigator.storage.estimate.bind(navigator.storage);
    const room = { full: true };
    (window as unknown as { makeRoom: () => void }).makeRoom = () => {
      room.full = false;
    };
    navigator.storage.estimate = async () => {
      const estimate = await real();
      return room.full ? { ...estimate, quota: (estimate.usage ?? 0) + 4 * 1024 * 1024 } : estimate;
    };
  });
  await page.goto('/about');
  const recording = await writeLongRecording(page, template, 'media-recorder', 'short-of-space', 24 * MB);
  /** The row's state and its chunks: the original file's, and any rewrite's. */
  const stored = () =>
    page.evaluate(
      (id) =>
        new Promise<{ state: string | undefined; original: number; rewrite: number }>((resolve, reject) => {
          const open = indexedDB.open('framecast');
          open.onerror = () => reject(open.error ?? new Error('open failed'));
          open.onsuccess = () => {
            const tx = open.result.transaction(['recordings', 'chunks']);
            const row = tx.objectStore('recordings').get(id);
            const original = tx.objectStore('chunks').count(IDBKeyRange.bound([id, 0], [id, Infinity]));
            const rewrite = tx.objectStore('chunks').count(IDBKeyRange.bound([`${id}~rewrite`, 0], [`${id}~rewrite`, Infinity]));
            tx.oncomplete = () => {
              open.result.close();
              resolve({ state: (row.result as { state?: string } | undefined)?.state, original: original.result, rewrite: rewrite.result });
            };
          };
        }),
      recording.id,
    );
  await page.reload();
  const notice = page.getByRole('region', { name: 'A recording was interrupted' });
  const untouched = await stored();
  await notice.getByRole('button', { name: /^Recover/ }).click();
  await expect(notice.getByRole('alert')).toContainText(/Recovery failed: Finishing this recording needs \d+\.\d\d MB of free storage and only \d+\.\d\d MB is free\. Free up \d+\.\d\d MB/);
  await expect(notice.getByRole('alert')).toContainText('nothing recorded is lost');
  await expect(notice.getByRole('button', { name: /^Download as-is/ })).toBeVisible();

  // Nothing was written beside it, and the stored recording is as it was.
  expect(untouched).toMatchObject({ state: 'recording', rewrite: 0 });
  expect(await stored()).toEqual(untouched);

  await page.evaluate(() => (window as unknown as { makeRoom: () => void }).makeRoom());
  await notice.getByRole('button', { name: /^Retry/ }).click();
  await expect(page.getByRole('region', { name: 'Recording recovered' })).toBeVisible({ timeout: 60_000 });
  expect(await stored()).toMatchObject({ state: 'done', original: 0 });
});
