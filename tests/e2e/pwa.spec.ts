import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { metaForPath } from '../../src/app/route-list';
import { BASE_ARGS, BASE_URL, DESKTOP_CHROMIUM_PATH } from './support/chromium';
import { controllerVersion, NEW_VERSION_SW_LINE, waitForServiceWorkerControl } from './support/pwa';
import { ALL_ROUTES, everyPageTimeout } from './support/routes';
import { serveCopyOfBuild } from './support/static-site';
import { expect, test } from './support/test';

// The rest of the suite blocks service workers (playwright.config.ts); these tests are about them.
test.use({ serviceWorkers: 'allow' });

declare global {
  interface Window {
    __beforeUpdate?: boolean;
  }
}

/** Chromium offers installation only after engagement it measures itself; this hands the page the event it would send. */
function offerInstall(): void {
  const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: () => Promise.resolve(),
    userChoice: Promise.resolve({ outcome: 'accepted' }),
  });
  window.dispatchEvent(offer);
}

test('after one visit, every route loads from the service worker with the network gone', async ({ page, context }) => {
  test.setTimeout(everyPageTimeout(ALL_ROUTES.length + 2));
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  await expect(page.getByText('Ready to work offline')).toBeVisible();
  await context.setOffline(true);
  for (const route of ALL_ROUTES) {
    const response = await page.goto(route);
    expect(response?.fromServiceWorker(), `${route} from the service worker`).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(metaForPath(route).title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  }
  // A room opened offline says plainly that it connects this browser's tabs only.
  await page.goto('/room/offline-room');
  await expect(page.getByTestId('signaling-mode')).toHaveAttribute('data-mode', 'local');
  const unknown = await page.goto('/no/such/page');
  expect(unknown?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  // The notice is for the first install only.
  await expect(page.getByText('Ready to work offline')).toHaveCount(0);
});

test('the browser finds the app installable', async () => {
  // Chromium never offers installation in an incognito-like context, which is what Playwright's
  // contexts are; a real profile directory is what a user has. The desktop browser, since only it
  // checks installability (the headless shell answers the question with an empty list, always).
  const profile = mkdtempSync(path.join(tmpdir(), 'framecast-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: DESKTOP_CHROMIUM_PATH,
    args: BASE_ARGS,
    baseURL: BASE_URL,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest.start_url).toBe('/studio');
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status()).toBe(200);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the Install button appears when the browser offers installation', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
  await page.evaluate(offerInstall);
  const install = page.getByRole('button', { name: 'Install app' });
  await expect(install).toBeVisible();
  await install.click();
  await expect(install).toHaveCount(0);
});

test('on a phone, the menu offers the install', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await page.evaluate(offerInstall);
  // The header has no room for it at this width.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Install app' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Framecast' });
  const install = menu.getByRole('button', { name: 'Install app' });
  await expect(install).toBeVisible();
  await install.click();
  // The browser's own dialog takes over: the menu closes and the offer is used up.
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
});

test('the Install button stays hidden when the app already runs installed', async ({ page }) => {
  // Chromium cannot emulate the display-mode media feature (DevTools' Emulation.setEmulatedMedia
  // ignores it, and Playwright has no option for it), so the installed window's answer is given
  // to matchMedia before the app loads.
  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      const list = original(query);
      // An own property shadows the prototype's read-only getter.
      if (/display-mode:\s*standalone/.test(query)) Object.defineProperty(list, 'matches', { value: true });
      return list;
    };
  });
  await page.goto('/');
  expect(await page.evaluate(() => window.matchMedia('(display-mode: standalone)').matches)).toBe(true);
  await page.evaluate(offerInstall);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
});

test('a new version shows "Update available", and Reload switches the page to it', async ({ page }) => {
  const site = await serveCopyOfBuild();
  try {
    await page.goto(`${site.url}/about`);
    await waitForServiceWorkerControl(page);
    expect(await controllerVersion(page)).toBe('v1');
    site.edit('sw.js', (text) => text + NEW_VERSION_SW_LINE);
    await page.reload();
    const prompt = page.getByRole('status', { name: 'Update available' });
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await page.evaluate(() => {
      window.__beforeUpdate = true;
    });
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await page.waitForFunction(() => window.__beforeUpdate === undefined, undefined, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await controllerVersion(page)).toBe('v2');
    await expect(prompt).toHaveCount(0);
  } finally {
    await site.close();
  }
});
