import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { test as fileTest } from '@playwright/test';
import { metaForPath } from '../../src/app/route-list';
import { absoluteUrl, documentTitle } from '../../src/shared/metadata/page-meta';
import { SITE } from '../../src/shared/site';
import { FAQ } from '../../src/features/content/data/faq';
import { appAdopted } from './support/app-adopted';
import { prerenderedHeading, prerenderedHtml, readHead, visibleText } from './support/prerendered';
import { ALL_ROUTES, everyPageTimeout } from './support/routes';
import { expect, test } from './support/test';

const SPECIFIC_TYPES: Readonly<Record<string, string>> = { '/': 'WebApplication', '/help': 'FAQPage', '/about': 'Organization' };
const isRoom = (route: string) => route.startsWith('/room/');

fileTest.describe('prerendered HTML, read without a browser', () => {
  // These read files only: the plain runner, with no browser page to open.
  for (const route of ALL_ROUTES) {
    fileTest(`${route} carries its own head and heading`, () => {
      const html = prerenderedHtml(route);
      const meta = metaForPath(route);
      const head = readHead(html);
      expect(head.title).toBe(documentTitle(SITE, meta.title));
      expect(head.meta.description).toBe(meta.description);
      expect(head.meta.keywords).toBe(meta.keywords.join(', '));
      expect(head.meta.robots).toBe(meta.noindex ? 'noindex, nofollow' : 'index, follow');
      // One prerendered file serves every room, so the room's own address is set by the app (see entry-server).
      if (!isRoom(route)) {
        expect(head.canonical).toBe(absoluteUrl(SITE, route));
        expect(head.meta['og:url']).toBe(absoluteUrl(SITE, route));
      }
      expect(head.meta['og:image']).toBe(absoluteUrl(SITE, '/og-image.png'));
      expect([head.meta['og:image:width'], head.meta['og:image:height']]).toEqual(['1200', '630']);
      expect(head.meta['twitter:card']).toBe('summary_large_image');
      expect(head.meta['og:type']).toBe(meta.type);

      const types = head.jsonLd.map((text) => (JSON.parse(text) as { '@type': string })['@type']);
      const expected = SPECIFIC_TYPES[route] ?? (route.startsWith('/how-to/') ? 'HowTo' : meta.jsonLd?.[0]?.['@type']);
      expect(expected).toBeTruthy();
      expect(types).toContain(expected);

      expect(prerenderedHeading(html)?.length).toBeGreaterThan(3);
    });
  }

  fileTest('guides state their HowTo totalTime from the duration text', () => {
    const head = readHead(prerenderedHtml('/how-to/record-gameplay'));
    const howTo = head.jsonLd.map((t) => JSON.parse(t) as Record<string, unknown>).find((j) => j['@type'] === 'HowTo');
    expect(howTo?.totalTime).toBe('PT10M');
  });

  fileTest('guides list the steps the page shows as HowToStep items in the prerendered HowTo', () => {
    const html = prerenderedHtml('/how-to/record-powerpoint-presentation');
    const howTo = readHead(html)
      .jsonLd.map((t) => JSON.parse(t) as { '@type': string; step?: { '@type': string; position: number; name: string }[] })
      .find((j) => j['@type'] === 'HowTo');
    // The page's step headings read "Step N: title" (the number is visually hidden).
    const shown = [...visibleText(html).matchAll(/Step (\d+): /g)].map((m) => Number(m[1]));
    expect(shown.length).toBeGreaterThan(2);
    expect(howTo?.step?.map((s) => [s['@type'], s.position])).toEqual(shown.map((n) => ['HowToStep', n]));
    for (const step of howTo?.step ?? []) expect(visibleText(html)).toContain(`Step ${String(step.position)}: ${step.name}`);
  });

  // Crawlers read the answers in the HTML that the FAQPage data marks up, with no click to open them.
  fileTest('the FAQ answers are in the prerendered Help and audience pages, closed but present', () => {
    const help = visibleText(prerenderedHtml('/help'));
    for (const f of FAQ) expect(help, f.question).toContain(f.answer);
    const teachers = visibleText(prerenderedHtml('/for/teachers'));
    expect(teachers).toContain('Do my students need an account');
    expect(teachers).toContain('No one needs an account. You share the file the way you share any other file with your class.');
  });

  fileTest('the not-found page is noindex with the home metadata', () => {
    const head = readHead(prerenderedHtml('/no/such/page'));
    expect(head.meta.robots).toBe('noindex, nofollow');
    expect(head.title).toBe(documentTitle(SITE, metaForPath('/').title));
    expect(prerenderedHeading(prerenderedHtml('/no/such/page'))).toBe('Oops! Page not found');
  });

  // 404.html answers every unknown address, so without JavaScript it cannot name the one asked for.
  fileTest('the prerendered not-found page says nothing about a particular address', () => {
    const text = visibleText(prerenderedHtml('/no/such/page'));
    expect(text).toContain('This page does not exist.');
    expect(text).not.toMatch(/nothing at|\/404/);
  });
});

test('a crawler from / reaches every page in the sitemap and no dead link', async ({ page, request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const inSitemap = new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname));
  test.setTimeout(everyPageTimeout(inSitemap.size));
  const seen = new Set<string>(['/']);
  const queue = ['/'];
  const notInSitemap: string[] = [];
  const dead: string[] = [];
  while (queue.length > 0) {
    const path = queue.shift() ?? '/';
    const response = await page.goto(path);
    // Once the app has adopted the page, its links are the ones a visitor can follow.
    await expect.poll(() => appAdopted(page)).toBe(true);
    if (response?.status() !== 200 || (await page.getByRole('heading', { name: 'Oops! Page not found' }).count()) > 0) dead.push(path);
    if (!inSitemap.has(path)) notInSitemap.push(path);
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== new URL(page.url()).origin || seen.has(url.pathname)) continue;
      seen.add(url.pathname);
      queue.push(url.pathname);
    }
  }
  expect(dead).toEqual([]);
  expect(notInSitemap).toEqual([]);
  expect([...inSitemap].filter((p) => !seen.has(p))).toEqual([]);
});

test.describe('Home Quick Start', () => {
  for (const mode of ['Screen + Webcam', 'Screen Only', 'Webcam Only'] as const) {
    test(`${mode} opens the studio with that mode selected`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('link', { name: `Record ${mode}` }).click();
      await expect(page).toHaveURL(/\/studio\?mode=/);
      await expect(page.getByRole('radio', { name: mode })).toBeChecked();
      await page.waitForLoadState('networkidle');
    });
  }

  test('Persistent Webcam opens a dialog that explains the floating window', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open Persistent Webcam' }).click();
    const dialog = page.getByRole('dialog', { name: 'Persistent Webcam' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('floating window');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});

test('a content page fetches only the JavaScript the build reports: its first load under budget, then the app, its route, the toasts and the service worker', async ({ page }) => {
  const { stdout } = await promisify(execFile)('node', ['scripts/first-load-size.mjs', '--json']);
  const report = JSON.parse(stdout) as { pages: { route: string; files: string[]; gzipBytes: number; afterwards: string[] }[]; budgetBytes: number };
  expect(report.pages.map((p) => p.route)).toEqual(expect.arrayContaining(['/', '/features', '/help', '/vs/loom', '/for/teachers', '/how-to/record-gameplay', '/privacy']));
  for (const route of ['/', '/vs/loom']) {
    const measured = report.pages.find((p) => p.route === route);
    const fetched: string[] = [];
    const onRequest = (req: { resourceType(): string; url(): string }) => {
      if (req.resourceType() === 'script') fetched.push(new URL(req.url()).pathname);
    };
    page.on('request', onRequest);
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    // Everything the page's HTML preloads, and nothing but that and what loads once the page is up.
    expect(measured?.files.filter((f) => !fetched.includes(f)), route).toEqual([]);
    expect(fetched.filter((f) => !measured?.files.includes(f) && !measured?.afterwards.includes(f)), route).toEqual([]);
    expect(measured?.gzipBytes).toBeLessThanOrEqual(report.budgetBytes);
  }
  expect(report.budgetBytes).toBeLessThanOrEqual(100 * 1024);
});
