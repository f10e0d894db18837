import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { test, expect, type PageGuard } from './support/test';
import { BASE_ARGS, BASE_URL, CHROMIUM_PATH, FAKE_MEDIA_ARGS } from './support/chromium';
import { expectAxeCleanInBothSchemes } from './support/axe';
import { frameAt, probe, webmLayout } from './support/media';
import { recordThenCrash, recordingStartedAt, recoverAndDownload, storedChunkCount } from './support/recovery';
import { openStudio, startRecording } from './support/studio';

/** A recovered file must state its duration, carry cues, and decode a frame from its middle. */
async function expectSeekable(file: string): Promise<number> {
  const info = await probe(file);
  expect(info.duration, 'the recovered file states its duration').not.toBeNull();
  const layout = await webmLayout(file);
  expect(layout.hasCues).toBe(true);
  expect(layout.hasDuration).toBe(true);
  const middle = await frameAt(file, (info.duration ?? 0) / 2);
  expect(middle.width).toBe(1920);
  return info.duration ?? 0;
}

test('a crashed tab loses at most a second, and Recover gives a seekable file in the library', { tag: '@timing' }, async ({ page, context, guard }, testInfo) => {
  await openStudio(page, 'Screen + Webcam');
  await startRecording(page);
  // Four seconds hold four of the recorder's one-second clusters: a crash that lost more than the last would show.
  const recorded = await recordThenCrash(page, 4000);

  const next = await context.newPage();
  guard.watch(next);
  await next.goto('/studio');
  await expect(next.getByRole('region', { name: 'A recording was interrupted' })).toBeVisible({ timeout: 20_000 });
  await expectAxeCleanInBothSchemes(next, 'the recovery notice', { seriousOnly: true });
  const file = testInfo.outputPath('recovered.webm');
  await recoverAndDownload(next, file);
  await expectAxeCleanInBothSchemes(next, 'a recording recovered', { seriousOnly: true });
  const duration = await expectSeekable(file);
  const lost = recorded - duration;
  testInfo.annotations.push({ type: 'seconds lost', description: lost.toFixed(2) });
  console.log(`crash: recorded ${recorded.toFixed(2)} s, recovered ${duration.toFixed(2)} s, lost ${lost.toFixed(2)} s`);
  expect(duration).toBeGreaterThanOrEqual(recorded - 1);
  const item = next.getByTestId('library-item');
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('library-mode')).toHaveText('Screen + Webcam');
  await expect(item.getByTestId('library-duration')).toHaveText(/^00:0[3-4]$/);
});

test('a killed browser loses at most a second, and the same recovery works after relaunch', { tag: '@timing' }, async ({ guard }, testInfo) => {
  const profile = mkdtempSync(path.join(tmpdir(), 'framecast-profile-'));
  const launch = () =>
    chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: [...BASE_ARGS, ...FAKE_MEDIA_ARGS],
      permissions: ['camera', 'microphone'],
      acceptDownloads: true,
      baseURL: BASE_URL,
    });
  try {
    const first = await launch();
    const page = first.pages()[0] ?? (await first.newPage());
    guard.watch(page);
    await openStudio(page, 'Screen + Webcam');
    await startRecording(page);
    const startedAt = await recordingStartedAt(page);
    await page.waitForTimeout(4000);
    const recorded = (Date.now() - startedAt) / 1000;
    // SIGKILL every process of this profile: no unload handler, no chance to finish anything.
    execFileSync('pkill', ['-KILL', '-f', profile]);
    await first.close().catch(() => undefined);

    const second = await launch();
    const again = second.pages()[0] ?? (await second.newPage());
    guard.watch(again);
    await again.goto('/studio');
    const file = testInfo.outputPath('recovered-after-kill.webm');
    await recoverAndDownload(again, file);
    const duration = await expectSeekable(file);
    console.log(`kill: recorded ${recorded.toFixed(2)} s, recovered ${duration.toFixed(2)} s, lost ${(recorded - duration).toFixed(2)} s`);
    expect(duration).toBeGreaterThanOrEqual(recorded - 1);
    await expect(again.getByTestId('library-item')).toHaveCount(1);
    await second.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});

/** Records Screen + Webcam for `ms`, crashes the tab, and opens a new one showing the interrupted-recording notice. */
async function crashWhileRecording(page: Page, context: BrowserContext, guard: PageGuard, ms: number) {
  await openStudio(page, 'Screen + Webcam');
  await startRecording(page);
  await page.waitForTimeout(ms);
  await page.goto('chrome://crash').catch(() => undefined);
  const next = await context.newPage();
  guard.watch(next);
  await next.goto('/');
  const notice = next.getByRole('region', { name: 'A recording was interrupted' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  return { next, notice };
}

test('Discard removes the interrupted recording and its stored bytes', async ({ page, context, guard }) => {
  const { next, notice } = await crashWhileRecording(page, context, guard, 3000);
  expect(await storedChunkCount(next)).toBeGreaterThan(0);
  await notice.getByRole('button', { name: /^Discard/ }).click();
  // Nothing goes before a confirmation that names it; Keep it changes nothing.
  const confirm = notice.getByRole('group', { name: /^Confirm discarding the Screen \+ Webcam recording from/ });
  await expect(confirm).toContainText(/Delete the Screen \+ Webcam recording from .*, \d+:\d{2} \([\d.]+ [KM]B\), from this browser\?/);
  await expectAxeCleanInBothSchemes(next, 'the discard confirmation', { seriousOnly: true });
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  expect(await storedChunkCount(next)).toBeGreaterThan(0);
  await notice.getByRole('button', { name: /^Discard/ }).click();
  await confirm.getByRole('button', { name: 'Discard recording' }).click();
  await expect(notice).toHaveCount(0);
  expect(await storedChunkCount(next)).toBe(0);
  await next.reload();
  await expect(next.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(next.getByRole('region', { name: 'A recording was interrupted' })).toHaveCount(0);
});

test('a recording that cannot be repaired is never a dead end: Retry, Download as-is, Discard', async ({ page, context, guard }, testInfo) => {
  const { next, notice } = await crashWhileRecording(page, context, guard, 2000);
  // Damage every stored byte (what a failing disk could leave): nothing in it can be repaired.
  const storedBytes = await next.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('framecast');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const tx = open.result.transaction('chunks', 'readwrite');
          let total = 0;
          tx.objectStore('chunks').openCursor().onsuccess = (event) => {
            const cursor = (event.target as IDBRequest<IDBCursorWithValue | null>).result;
            if (!cursor) return;
            const chunk = cursor.value as { bytes: Blob; position: number };
            // Position -1 is the space booked for finishing the file, not part of it.
            if (chunk.position >= 0) total += chunk.bytes.size;
            cursor.update({ ...chunk, bytes: new Blob([new Uint8Array(chunk.bytes.size).fill(0xee)]) });
            cursor.continue();
          };
          tx.oncomplete = () => {
            open.result.close();
            resolve(total);
          };
        };
      }),
  );
  expect(storedBytes).toBeGreaterThan(0);

  await notice.getByRole('button', { name: /^Recover/ }).click();
  await expect(notice.getByRole('alert')).toContainText('Recovery failed');
  // Retry runs the repair again (and fails again on these bytes), and the choices stay.
  await notice.getByRole('button', { name: /^Retry/ }).click();
  await expect(notice.getByRole('alert')).toContainText('Recovery failed');
  await expectAxeCleanInBothSchemes(next, 'a failed recovery, with its choices', { seriousOnly: true });
  const download = next.waitForEvent('download');
  await notice.getByRole('button', { name: /^Download as-is/ }).click();
  const file = testInfo.outputPath('as-is.webm');
  await (await download).saveAs(file);
  expect(statSync(file).size, 'the stored bytes, every one').toBe(storedBytes);

  await notice.getByRole('button', { name: /^Discard/ }).click();
  await notice.getByRole('group', { name: /^Confirm discarding/ }).getByRole('button', { name: 'Discard recording' }).click();
  await expect(notice).toHaveCount(0);
  expect(await storedChunkCount(next)).toBe(0);
});

// The file kept is checked at the default 1080p picture.
test.describe('at the default quality', () => {
  test.use({ storedSettings: null });

  test('a full disk warns before Start, then stops cleanly, keeps a playable file and says Storage is full', async ({ page }, testInfo) => {
    const limit = 3 * 1024 * 1024;
    // Chromium enforces a DevTools quota override but its storage estimate ignores it (as it ignores a
    // small disk here), so the page is told the same limit the browser enforces: what a full disk reports.
    await page.addInitScript((quota) => {
      const real = navigator.storage.estimate.bind(navigator.storage);
      navigator.storage.estimate = async () => ({ ...(await real()), quota });
    }, limit);
    await openStudio(page, 'Screen + Webcam');
    const cdp = await page.context().newCDPSession(page);
    // A few seconds of 1080p fit; the recording must run into the limit.
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(BASE_URL).origin, quotaSize: limit });
    await startRecording(page);
    await expect(page.getByText('Storage is running low').first()).toBeVisible();
    await expect(page.getByText('Storage is full').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/was saved to Your recordings/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start recording' })).toBeEnabled();
    await expect(page.getByTestId('recording-badge')).toHaveCount(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download recording' }).click();
    const file = testInfo.outputPath('until-full.webm');
    await (await download).saveAs(file);
    const duration = await expectSeekable(file);
    expect(duration).toBeGreaterThan(1);
    await expect(page.getByTestId('library-item')).toHaveCount(1);
  });
});
