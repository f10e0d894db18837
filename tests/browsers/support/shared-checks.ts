/** Checks every browser passes the same way. */
import { expect } from 'vitest';
import { sleep, waitFor, type BrowserPage } from './browser-page';
import { startPreview } from './preview';

/** Dark theme chosen in Settings is still chosen, and applied, after a reload. */
export async function expectSettingsKept(page: BrowserPage, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/settings`);
  await waitFor(page, 'the theme choice', () => document.querySelector('[role="radiogroup"][aria-label="Theme"]') !== null);
  await page.run(() => {
    const dark = [...document.querySelectorAll('[role="radiogroup"][aria-label="Theme"] label')].find((l) => l.textContent.trim() === 'Dark');
    if (!(dark instanceof HTMLElement)) throw new Error('No Dark option');
    dark.click();
  });
  await waitFor(page, 'dark theme applied', () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
  await page.goto(`${baseUrl}/settings`);
  await waitFor(page, 'the settings page', () => document.querySelector('[role="radiogroup"][aria-label="Theme"]') !== null);
  const kept = await page.run(() => ({
    scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
    stored: localStorage.getItem('framecast-settings') ?? '',
  }));
  expect(kept.scheme).toBe('dark');
  expect(kept.stored).toContain('dark');
}

/** Opens `url` until the app's service worker controls the page and has finished precaching. */
export async function untilServiceWorkerControls(page: BrowserPage, url: string): Promise<void> {
  await page.goto(url);
  await waitFor(page, 'the service worker to take control', () => navigator.serviceWorker.controller !== null, 30_000).catch(async () => {
    // The first visit installs it; a reload puts the page under its control.
    await page.goto(url);
    await waitFor(page, 'the service worker to take control', () => navigator.serviceWorker.controller !== null, 30_000);
  });
  await sleep(1000); // let the precache finish
}

/**
 * Visits the app on its own server until the service worker controls the page, stops the server,
 * and reloads: the studio must still open.
 */
export async function expectWorksOffline(page: BrowserPage): Promise<void> {
  const own = await startPreview();
  try {
    await untilServiceWorkerControls(page, `${own.url}/studio`);
  } finally {
    await own.stop();
  }
  const down = await fetch(`${own.url}/`).then(
    () => false,
    () => true,
  );
  expect(down).toBe(true);
  await page.goto(`${own.url}/studio`);
  await waitFor(page, 'the studio, offline', () => document.querySelector('[role="radiogroup"][aria-label="Recording mode"]') !== null, 30_000);
}
