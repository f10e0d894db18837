/**
 * A content page is read and navigated as its prerendered HTML before the app starts there, and the
 * app starts once the page is up (docs/decisions/0016-first-load.md). These tests hold the app's
 * start chunk on the wire to act inside that moment: a press made then is made again once the app
 * has adopted the page, a link is followed by the browser, and a start that fails leaves the page
 * usable.
 */
import type { Page, Route } from '@playwright/test';
import { appAdopted as adopted } from './support/app-adopted';
import { appStartFile, readBuildManifest } from './support/build-manifest';
import { expect, test } from './support/test';

/** Holds the app's start chunk until the returned function is called; resolves when the browser asked for it. */
async function holdAppStart(page: Page): Promise<{ asked: Promise<void>; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = () => {};
  const wasAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  await page.route(`**${appStartFile()}`, async (route: Route) => {
    asked();
    await released;
    await route.continue();
  });
  return { asked: wasAsked, release };
}

test('a content page starts the app on its own once it is up, with no input', async ({ page }) => {
  const { asked, release } = await holdAppStart(page);
  release();
  await page.goto('/features');
  await asked;
  await expect.poll(() => adopted(page)).toBe(true);
});

test('a press made before the app has started is made once the app has adopted the page', async ({ page }) => {
  const { asked, release } = await holdAppStart(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open Persistent Webcam' }).click();
  await asked;
  expect(await adopted(page)).toBe(false);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();
  const dialog = page.getByRole('dialog', { name: 'Persistent Webcam' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('one control pressed twice before the app has started is pressed once: the visitor repeating a press that seemed to do nothing', async ({ page }) => {
  const { asked, release } = await holdAppStart(page);
  await page.goto('/about');
  // Each press moves the colour scheme on: system, then light, then dark.
  const toggle = page.getByRole('button', { name: /^Colour scheme/ });
  await expect(toggle).toHaveAccessibleName(/^Colour scheme: system/);
  await toggle.click();
  await toggle.click();
  await asked;
  release();
  await expect(toggle).toHaveAccessibleName(/^Colour scheme: light/);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('presses on two controls before the app has started are made in order, each seen by the app', async ({ page }) => {
  const { asked, release } = await holdAppStart(page);
  await page.goto('/help');
  const group = page.getByRole('radiogroup', { name: 'Show questions about' });
  // Away from the choice the page started with, then back to it: the last press is the one that stays.
  // A chip's radio is hidden behind its label, which is what a visitor presses.
  await group.getByText('Recording', { exact: true }).click();
  await group.getByText('All', { exact: true }).click();
  await asked;
  release();
  await expect.poll(() => adopted(page)).toBe(true);
  await expect(group.getByRole('radio', { name: 'All' })).toBeChecked();
  await expect(page.getByText('All 12 questions')).toBeVisible();
  await expect(group.getByRole('radio', { name: 'Recording' })).not.toBeChecked();
});

test('the app adopts the page where the visitor has scrolled it', async ({ page }) => {
  const { asked, release } = await holdAppStart(page);
  await page.goto('/vs/loom');
  await page.evaluate(() => {
    window.scrollTo(0, 1200);
  });
  await asked;
  release();
  await expect.poll(() => adopted(page)).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => window.scrollY)).toBe(1200);
});

test('a key only the app answers, pressed before it has started, reaches it once it has', async ({ page }) => {
  const { asked, release } = await holdAppStart(page);
  await page.goto('/privacy');
  const button = page.getByRole('button', { name: /^Colour scheme/ });
  await button.focus();
  await asked;
  await page.keyboard.press('Escape');
  // The hint's Escape (WCAG 1.4.13) is the app's: it marks the hint dismissed.
  const hint = button.locator('xpath=..');
  await expect(hint).not.toHaveAttribute('data-dismissed');
  release();
  await expect(hint).toHaveAttribute('data-dismissed', 'true');
});

test('an arrow key in a radio group before the app has started moves the choice, and the app filters by it', async ({ page }) => {
  const { asked, release } = await holdAppStart(page);
  await page.goto('/help');
  const group = page.getByRole('radiogroup', { name: 'Show questions about' });
  await group.getByRole('radio', { name: 'All' }).focus();
  await asked;
  await page.keyboard.press('ArrowRight');
  release();
  const recording = group.getByRole('radio', { name: 'Recording' });
  await expect(recording).toBeChecked();
  await expect(recording).toBeFocused();
  await expect(page.getByText('3 of 12 questions, about recording')).toBeVisible();
});

test('a link followed before the app has started loads its page whole', async ({ page }) => {
  const { asked, release } = await holdAppStart(page);
  await page.goto('/');
  await asked;
  await page.getByRole('banner').getByRole('link', { name: 'Features', exact: true }).click();
  await expect(page).toHaveURL(/\/features$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  release();
  await expect.poll(() => adopted(page)).toBe(true);
});

test('when the app cannot load, a content page still reads and navigates, and says why in the console', async ({ page, guard }) => {
  guard.allowConsoleError(/Failed to load resource|Failed to fetch dynamically imported module|net::ERR_FAILED/);
  await page.route(`**${appStartFile()}`, (route) => route.abort('failed'));
  await page.goto('/help');
  await expect.poll(() => guard.warnings.some((w) => w.startsWith('app: start on a content page'))).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Features', exact: true }).click();
  await expect(page).toHaveURL(/\/features$/);
});

test('when the page itself fails to load after the app started, its controls stop waiting for it', async ({ page, guard }) => {
  guard.allowConsoleError(/Failed to load resource|Failed to fetch dynamically imported module|net::ERR_FAILED|hydrat|Minified React error/i);
  const routeScript = `/${readBuildManifest()['src/routes/home.tsx']?.file ?? 'missing'}`;
  await page.route(`**${routeScript}`, (route) => route.abort('failed'));
  await page.goto('/');
  // The app is up, with its error in place of the page; that page never mounts.
  const showError = page.getByRole('button', { name: 'Show Error' });
  await expect(showError).toBeVisible();
  await expect(async () => {
    await showError.click();
    await expect(page.getByText(/dynamically imported module|Importing a module script failed/i)).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
});
