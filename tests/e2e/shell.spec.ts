import { test, expect } from './support/test';

test.describe('header active link', () => {
  const cases: [string, string | null][] = [
    ['/', 'Home'],
    ['/studio', 'Record'],
    ['/features', 'Features'],
    ['/how-to/record-gameplay', null],
  ];
  for (const [path, active] of cases) {
    test(`on ${path} the active link is ${active ?? 'none'}`, async ({ page }) => {
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link')).toHaveCount(5);
      const current = nav.locator('[aria-current="page"]');
      if (active) {
        await expect(current).toHaveCount(1);
        await expect(current).toHaveText(active);
      } else {
        await expect(current).toHaveCount(0);
      }
    });
  }
});

test('the mobile drawer opens and navigates at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('navigation', { name: 'Mobile' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'Features' }).click();
  await expect(page).toHaveURL(/\/features$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Features');
  await expect(drawer).toBeHidden();
});

test('the mobile menu from the keyboard: the first Escape closes it and puts the focus back on its button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Open menu' });
  await button.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('navigation', { name: 'Mobile' });
  await expect(drawer).toBeVisible();
  // The drawer takes the focus while open.
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});

test('the colour scheme button’s hint shows on keyboard focus, Escape hides it, and screen readers hear the name once', async ({ page }) => {
  await page.goto('/features');
  const button = page.getByRole('button', { name: /^Colour scheme/ });
  const hintOpacity = () => button.evaluate((element) => getComputedStyle(element.parentElement as Element, '::after').opacity);
  expect(await hintOpacity()).toBe('0');
  await button.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect.poll(hintOpacity).toBe('1');
  await page.keyboard.press('Escape');
  await expect.poll(hintOpacity).toBe('0');
  // The hint is drawn for the eye only: the accessibility tree has the button's name and no copy of it.
  const snapshot = await page.getByRole('banner').ariaSnapshot();
  expect(snapshot.match(/Colour scheme/g)).toHaveLength(1);
});

// The server answers unknown addresses with the not-found page and status 404, which Chromium logs.
const DOCUMENT_404 = /Failed to load resource: the server responded with a status of 404/;

test('an unknown path shows the not-found page, logs the path and is noindex', async ({ page, guard }) => {
  guard.allowConsoleError(DOCUMENT_404);
  const path = '/this/page/does-not-exist';
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(guard.warnings.some((w) => w.includes(path))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('an unknown guide slug is not found', async ({ page, guard }) => {
  guard.allowConsoleError(DOCUMENT_404);
  const response = await page.goto('/how-to/juggle-chainsaws');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
});
