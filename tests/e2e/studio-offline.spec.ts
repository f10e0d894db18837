import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probe, webmLayout } from './support/media';
import { NEW_VERSION_SW_LINE, waitForServiceWorkerControl } from './support/pwa';
import { serveCopyOfBuild } from './support/static-site';
import { openStudio, startRecording, stopAndDownload } from './support/studio';
import { expect, test } from './support/test';

test.use({ serviceWorkers: 'allow' });

declare global {
  interface Window {
    __sameDocument?: boolean;
  }
}

test('offline, the studio records 3 s of Webcam Only into a valid WebM', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await openStudio(page, 'Webcam Only');
  await startRecording(page);
  await page.waitForTimeout(3000);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'framecast-offline-')), 'offline.webm');
  const { activeSeconds } = await stopAndDownload(page, file);
  const info = await probe(file);
  expect(info.formatName).toContain('webm');
  expect(info.video?.codecName).toMatch(/^vp[89]$/);
  expect(info.audio?.codecName).toBe('opus');
  expect(info.duration).not.toBeNull();
  expect(Math.abs((info.duration ?? 0) - activeSeconds)).toBeLessThan(0.6);
  expect((await webmLayout(file)).hasCues).toBe(true);
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
