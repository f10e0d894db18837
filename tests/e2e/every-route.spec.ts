/**
 * Every route, loaded once as a visitor opens it: React adopts the prerendered page without a
 * warning, the page sits inside the header and footer, and axe finds nothing in either scheme.
 * One load serves all three checks, since each load of the app costs the machine more than a check.
 */
import { prerenderedHeading, prerenderedHtml } from './support/prerendered';
import { ALL_ROUTES } from './support/routes';
import { expectAxeCleanInBothSchemes } from './support/axe';
import { expect, test } from './support/test';

declare global {
  interface Window {
    __prerenderedSkipLink?: Element | null;
  }
}

for (const route of ALL_ROUTES) {
  test(`${route} hydrates the prerendered page without a warning, inside the header and footer, with no axe violations in either scheme`, async ({ page, guard }) => {
    // Keep the element the server sent, before any script runs, to prove React adopted it rather than replacing it.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') window.__prerenderedSkipLink = document.querySelector('a.skip-link');
      });
    });
    await page.goto(route);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const kept = window.__prerenderedSkipLink;
          return Boolean(kept?.isConnected && Object.keys(kept).some((k) => k.startsWith('__reactFiber$')));
        }),
      )
      .toBe(true);
    await page.waitForLoadState('networkidle');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await expect(heading).toHaveText(prerenderedHeading(prerenderedHtml(route)) ?? '');
    // Playwright itself warns that it blocked the service worker (see playwright.config.ts).
    expect(guard.warnings.filter((w) => !w.includes('blocked by Playwright'))).toEqual([]);

    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Footer' }).getByRole('link')).toHaveCount(6);

    await expectAxeCleanInBothSchemes(page, `${route} at load`);
  });
}
