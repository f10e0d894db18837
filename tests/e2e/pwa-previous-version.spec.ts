/**
 * After a new version activates (accepted in another tab), a tab still running the previous version
 * keeps working offline until it reloads: code it loads only when needed is still there, although
 * the new version no longer lists it.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { NEW_VERSION_SW_LINE, controllerVersion, waitForServiceWorkerControl } from './support/pwa';
import { DIST_DIR } from './support/prerendered';
import { serveCopyOfBuild } from './support/static-site';
import { expect, test } from './support/test';

test.use({ serviceWorkers: 'allow' });

/** Activates the waiting version, as the Reload button of another tab does. */
function activateWaitingVersion(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) throw new Error('no service worker registration');
    await registration.update();
    const waiting =
      registration.waiting ??
      (await new Promise<ServiceWorker>((resolve) => {
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed') resolve(installing);
          });
        });
      }));
    const activated = new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    waiting.postMessage({ type: 'SKIP_WAITING' });
    await activated;
  });
}

test('a tab of the previous version still loads its on-demand code offline after an update activates', async ({ page, context }) => {
  const site = await serveCopyOfBuild();
  try {
    await page.goto(`${site.url}/about`);
    await waitForServiceWorkerControl(page);
    // Code this page loads only when needed: the repair that recovers an interrupted recording.
    const repair = readdirSync(path.join(DIST_DIR, 'assets')).find((file) => /^repair-recording-[\w-]+\.js$/.test(file));
    if (!repair) throw new Error('no repair chunk in the build');
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(loaded.some((url) => url.includes(repair)), 'the page has not loaded it yet').toBe(false);

    // The next version changes that code: its chunk has a new name, and the old one leaves the precache.
    const renamed = repair.replace(/\.js$/, 'v2.js');
    site.copy(`assets/${repair}`, `assets/${renamed}`);
    site.edit('sw.js', (text) => text.replaceAll(repair, renamed) + NEW_VERSION_SW_LINE);
    await activateWaitingVersion(page);
    expect(await controllerVersion(page)).toBe('v2');

    await context.setOffline(true);
    const outcome = await page.evaluate(async (url) => {
      try {
        const module = (await import(url)) as Record<string, unknown>;
        return Object.keys(module).length > 0 ? 'loaded' : 'empty';
      } catch (error) {
        return String(error);
      }
    }, `/assets/${repair}`);
    expect(outcome).toBe('loaded');
    await context.setOffline(false);
  } finally {
    await site.close();
  }
});
