import { test, expect } from './support/test';
import { appAdopted } from './support/app-adopted';
import { PAGE_METAS } from '../../src/app/route-list';
import { absoluteUrl, documentTitle } from '../../src/shared/metadata/page-meta';
import { SITE } from '../../src/shared/site';

test('each route declares its title, description and canonical after client-side navigation', async ({ page }) => {
  await page.goto('/');
  // Navigation inside the app needs the app: on a content page it starts once the page is up.
  await expect.poll(() => appAdopted(page)).toBe(true);
  for (const meta of PAGE_METAS) {
    // Navigate inside the app, as a user following links would.
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
    }, meta.path);
    await expect(page).toHaveTitle(documentTitle(SITE, meta.title));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', meta.description);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', absoluteUrl(SITE, meta.path));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', absoluteUrl(SITE, '/og-image.png'));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
  }
});

test('following a header link updates the head', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveTitle(/^About \| /);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', absoluteUrl(SITE, '/about'));
});

test('a header link clicked while the page is still hydrating opens its page, with no error', async ({ page }) => {
  // A slowed CPU widens the moment between the header's hydration and the page's; clicks at a few
  // delays after the link became live land inside it (without the hold, most of them throw).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  for (const delay of [0, 60, 150, 200]) {
    await page.goto('/', { waitUntil: 'commit' });
    await page.evaluate(
      (ms) =>
        new Promise<void>((resolve) => {
          const clickOnceLive = () => {
            const link = document.querySelector<HTMLAnchorElement>('nav[aria-label="Main"] a[href="/about"]');
            if (link && Object.keys(link).some((key) => key.startsWith('__reactProps'))) {
              // Answered before the click: a click the browser follows replaces this document.
              setTimeout(() => {
                link.click();
              }, ms);
              resolve();
            } else setTimeout(clickOnceLive, 0);
          };
          clickOnceLive();
        }),
      delay,
    );
    await expect(page).toHaveTitle(/^About \| /);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/About/);
  }
});

for (const [path, type] of [
  ['/', 'WebApplication'],
  ['/help', 'FAQPage'],
  ['/about', 'Organization'],
] as const) {
  test(`the JSON-LD on ${path} parses and is a ${type}`, async ({ page }) => {
    await page.goto(path);
    // The head is applied after the first render; wait for it rather than racing it.
    await expect(page.locator('script[type="application/ld+json"]').first()).toBeAttached();
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(blocks.length).toBeGreaterThan(0);
    const parsed = blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
    expect(parsed.map((p) => p['@type'])).toContain(type);
    const main = parsed.find((p) => p['@type'] === type);
    expect(main?.['@context']).toBe('https://schema.org');
    if (type === 'WebApplication') expect(main?.offers).toMatchObject({ price: '0', priceCurrency: 'USD' });
    if (type === 'FAQPage') expect((main?.mainEntity as unknown[]).length).toBe(12);
  });
}
