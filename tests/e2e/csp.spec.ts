import { test, expect } from './support/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DIST_DIR } from './support/prerendered';

/** The page's policy, whether from the header or the <meta>, as a map of directive to sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]));
}

test('every page is served with a strict Content-Security-Policy header and carries it in a meta element', async ({ page, request }) => {
  for (const path of ['/', '/studio', '/settings', '/room/any-room', '/no-such-page']) {
    const response = await request.get(path, { headers: { accept: 'text/html' } });
    const header = directives(response.headers()['content-security-policy'] ?? '');
    expect(header.get('default-src'), path).toEqual(["'self'"]);
    expect(header.get('frame-ancestors'), path).toEqual(["'none'"]);
    expect(header.get('connect-src'), path).toEqual(["'self'"]);
    const scripts = header.get('script-src') ?? [];
    expect(scripts[0]).toBe("'self'");
    expect(scripts.slice(1).every((s) => s.startsWith("'sha256-")), path).toBe(true);
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(await response.text());
    expect(meta, `${path} has the policy in a meta element`).not.toBeNull();
    expect(directives((meta?.[1] ?? '').replace(/&quot;/g, '"')).get('worker-src')).toEqual(["'self'", 'blob:']);
  }
  // Every prerendered page, as a static host would serve it without our header.
  const pages = readdirSync(DIST_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
  expect(pages.length).toBeGreaterThan(20);
  for (const file of pages) {
    const html = readFileSync(path.join(DIST_DIR, file), 'utf8');
    expect(html.indexOf('http-equiv="Content-Security-Policy"'), `${file}: the policy comes before any script`).toBeLessThan(html.indexOf('<script'));
    expect(html.indexOf('http-equiv="Content-Security-Policy"'), file).toBeGreaterThan(0);
  }
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the policy is enforced: string eval and injected inline script are refused, while the page works', async ({ page, guard }) => {
  guard.allowConsoleError(/Content Security Policy|unsafe-eval|Refused to (evaluate|execute)/);
  await page.goto('/studio');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const outcome = await page.evaluate(async () => {
    const marker = document.createElement('script');
    marker.textContent = 'window.__injected = true';
    document.head.append(marker);
    // A string timer is eval: it runs later, in the page, under the page's policy.
    const timer: (handler: string, ms: number) => number = Reflect.get(window, 'setTimeout');
    timer('window.__evaluated = true', 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const flags = window as unknown as { __injected?: boolean; __evaluated?: boolean };
    return { injected: flags.__injected === true, evaluated: flags.__evaluated === true };
  });
  expect(outcome).toEqual({ injected: false, evaluated: false });
  // The theme script, allowed by its hash, ran: the colour scheme is set before the app starts.
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toMatch(/^(light|dark)$/);
});

test('pages that parse with zod report no policy violation: zod runs without eval', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  // Settings parse what is stored with zod as the page loads; the studio parses them too.
  for (const path of ['/settings', '/studio']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations), path).toEqual([]);
  }
});
