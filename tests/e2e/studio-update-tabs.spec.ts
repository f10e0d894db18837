/**
 * The update prompt across tabs: accepting a new version in one tab activates it for every tab
 * (and its cache cleanup deletes the old version's files), so no tab may do it while another
 * records; and a tab whose update was already applied elsewhere reloads straight into it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { controllerVersion, NEW_VERSION_SW_LINE, waitForServiceWorkerControl } from './support/pwa';
import { serveCopyOfBuild } from './support/static-site';
import { startRecording, stopAndDownload } from './support/studio';
import { expect, test } from './support/test';

test.use({ serviceWorkers: 'allow' });

declare global {
  interface Window {
    __sameDocument?: boolean;
  }
}

const markDocument = (page: Page) =>
  page.evaluate(() => {
    window.__sameDocument = true;
  });
const sameDocument = (page: Page) => page.evaluate(() => window.__sameDocument === true);
const updatePrompt = (page: Page) => page.getByRole('status', { name: 'Update available' });

test('no tab reloads into a new version while another tab records, and a tab updated elsewhere reloads at once', async ({ context, page: recorder }) => {
  test.setTimeout(120_000);
  const site = await serveCopyOfBuild();
  try {
    await recorder.goto(`${site.url}/studio`);
    await waitForServiceWorkerControl(recorder);
    // The first install says so once; closed, as a person would, to see that the update does not say it again.
    const offlineReady = recorder.getByText('Ready to work offline');
    await expect(offlineReady).toBeVisible();
    await recorder.getByRole('alert').filter({ has: offlineReady }).getByRole('button', { name: 'Close notification' }).click();
    await expect(offlineReady).toBeHidden();
    const reader = await context.newPage();
    await reader.goto(`${site.url}/about`);
    await waitForServiceWorkerControl(reader);

    await recorder.getByRole('radiogroup', { name: 'Recording mode' }).locator('label', { hasText: 'Webcam Only' }).click();
    await startRecording(recorder);
    await markDocument(recorder);

    // A new version is deployed; the reading tab finds it when it reloads.
    site.edit('sw.js', (text) => text + NEW_VERSION_SW_LINE);
    await reader.reload();
    await waitForServiceWorkerControl(reader);
    await markDocument(reader);
    const readerPrompt = updatePrompt(reader);
    await expect(readerPrompt).toBeVisible({ timeout: 20_000 });
    await expect(readerPrompt).toContainText('once your recording is finished');
    const readerReload = readerPrompt.getByRole('button', { name: 'Reload' });
    // Disabled in the page (React ignores clicks on it); acceptUpdate refuses it too (unit-tested).
    await expect(readerReload).toBeDisabled();
    expect(await sameDocument(reader)).toBe(true);
    expect(await sameDocument(recorder)).toBe(true);
    expect(await controllerVersion(recorder)).toBe('v1');

    // The recording tab sees the same update, and may not take it either.
    const recorderPrompt = updatePrompt(recorder);
    await expect(recorderPrompt).toBeVisible({ timeout: 20_000 });
    await expect(recorderPrompt.getByRole('button', { name: 'Reload' })).toBeDisabled();
    // Not a retrying assertion: a wrong notice would show right now and close itself after 8 s.
    expect(await offlineReady.count()).toBe(0);

    // Once the recording is saved, both may reload.
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'framecast-tabs-')), 'kept.webm');
    await stopAndDownload(recorder, file);
    await expect(readerReload).toBeEnabled();
    const recorderReload = recorderPrompt.getByRole('button', { name: 'Reload' });
    await expect(recorderReload).toBeEnabled();

    // The recording tab takes the update; it now controls both tabs, so nothing waits any more.
    await recorderReload.click();
    await recorder.waitForFunction(() => window.__sameDocument === undefined, undefined, { timeout: 20_000 });
    expect(await controllerVersion(recorder)).toBe('v2');

    // The reading tab still shows its prompt; Reload must not hang on "Updating…".
    await readerReload.click();
    await reader.waitForFunction(() => window.__sameDocument === undefined, undefined, { timeout: 20_000 });
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText('About Framecast');
    expect(await controllerVersion(reader)).toBe('v2');
    await expect(updatePrompt(reader)).toHaveCount(0);
  } finally {
    await site.close();
  }
});
