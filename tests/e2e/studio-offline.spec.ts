import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { probe, webmLayout, type MediaInfo } from './support/media';
import { NEW_VERSION_SW_LINE, waitForServiceWorkerControl } from './support/pwa';
import { serveCopyOfBuild } from './support/static-site';
import { openStudio, startRecording, stopAndDownload } from './support/studio';
import { exportMp4, saveTrimmedCopy } from './support/media-jobs';
import { expect, test } from './support/test';

test.use({ serviceWorkers: 'allow' });

declare global {
  interface Window {
    __sameDocument?: boolean;
  }
}

/** Installs the app, cuts the network, and records `seconds` of Webcam Only into `file`. */
async function recordOffline(page: Page, context: BrowserContext, seconds: number, file: string) {
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await openStudio(page, 'Webcam Only');
  await startRecording(page);
  await page.waitForTimeout(seconds * 1000);
  return stopAndDownload(page, file);
}

test('offline, the studio records 3 s of Webcam Only into a valid WebM', { tag: '@timing' }, async ({ page, context }) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'framecast-offline-')), 'offline.webm');
  const { activeSeconds } = await recordOffline(page, context, 3, file);
  const info = await probe(file);
  expect(info.formatName).toContain('webm');
  expect(info.video?.codecName).toMatch(/^vp[89]$/);
  expect(info.audio?.codecName).toBe('opus');
  expect(info.duration).not.toBeNull();
  expect(Math.abs((info.duration ?? 0) - activeSeconds)).toBeLessThan(0.6);
  expect((await webmLayout(file)).hasCues).toBe(true);
});

test('offline, a take exports as MP4 and trims, and both land in the library', async ({ page, context }, testInfo) => {
  test.setTimeout(150_000);
  const source = testInfo.outputPath('offline.webm');
  await recordOffline(page, context, 4, source);

  // The export's worker and its codecs come from the service worker's cache, with no network.
  await page.getByRole('region', { name: 'Download Video' }).getByRole('button', { name: 'Export as MP4' }).click();
  const exporting = page.getByRole('dialog', { name: 'Export as MP4' });
  const mp4 = testInfo.outputPath('offline.mp4');
  await exportMp4(page, exporting, mp4);
  await exporting.getByRole('button', { name: 'Close', exact: true }).click();
  const [sourceInfo, mp4Info] = await Promise.all([probe(source), probe(mp4)]);
  expect(mp4Info.video?.codecName).toBe('h264');
  // Compared from first packet to end: the export starts picture and sound at zero, so a take whose
  // first packets came a moment after Start (40-150 ms on a loaded machine) is that much shorter as
  // an MP4, with nothing of it lost.
  const span = (info: MediaInfo) => (info.duration ?? 0) - (info.startTime ?? 0);
  expect(Math.abs(span(mp4Info) - span(sourceInfo))).toBeLessThanOrEqual(0.1);

  const webm = page.getByTestId('library-item').filter({ has: page.getByTestId('library-format').getByText('WebM', { exact: true }) });
  await webm.getByRole('button', { name: 'Trim recording' }).click();
  const trimming = page.getByRole('dialog', { name: 'Trim recording' });
  await trimming.getByLabel('Trim start (seconds)').fill('1');
  await trimming.getByLabel('Trim end (seconds)').fill('3');
  const copy = testInfo.outputPath('offline-trimmed.webm');
  await saveTrimmedCopy(page, trimming, copy);
  expect(Math.abs(((await probe(copy)).duration ?? 0) - 2)).toBeLessThanOrEqual(0.05);
  await trimming.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByTestId('library-format')).toHaveText(['WebM', 'MP4', 'WebM']);
});

test('an update waiting during a recording never reloads the page', async ({ page }) => {
  const site = await serveCopyOfBuild();
  try {
    await page.goto(`${site.url}/studio`);
    await waitForServiceWorkerControl(page);
    await page.getByRole('radiogroup', { name: 'Recording mode' }).locator('label', { hasText: 'Webcam Only' }).click();
    await startRecording(page);
    await page.evaluate(() => {
      window.__sameDocument = true;
    });
    site.edit('sw.js', (text) => text + NEW_VERSION_SW_LINE);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = page.getByRole('status', { name: 'Update available' });
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expect(prompt).toContainText('once your recording is finished');
    const reload = prompt.getByRole('button', { name: 'Reload' });
    await expect(reload).toBeDisabled();
    expect(await page.evaluate(() => window.__sameDocument)).toBe(true);
    await expect(page.getByTestId('recording-badge')).toHaveText('REC');
    // Once the recording is done, the same prompt may reload.
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'framecast-update-')), 'kept.webm');
    await stopAndDownload(page, file);
    await expect(reload).toBeEnabled();
    expect((await probe(file)).duration).not.toBeNull();
  } finally {
    await site.close();
  }
});
