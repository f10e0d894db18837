/**
 * axe checks shared by the accessibility specs: what axe finds, and a check run in the light and
 * the dark scheme on the same page (switching the scheme the browser reports, which the app follows
 * while its own setting is "auto"), so one page load serves both.
 */
import axe from 'axe-core';
import type { Page } from '@playwright/test';
import { expect } from './test';

export type Scheme = 'light' | 'dark';

/**
 * axe's findings as "rule: targets" lines; with `seriousOnly`, only serious and critical ones; with
 * `include`, within the element it selects only.
 *
 * A scan takes seconds on a busy machine, long enough for a toast to start fading out under it and
 * be measured half-transparent. So the page is scanned asking for reduced motion (toasts appear and
 * go at once) once every toast on screen is fully opaque and no transition is under way; the page's
 * own motion setting is restored after.
 */
export async function axeFindings(page: Page, options: { seriousOnly?: boolean; rules?: readonly string[]; include?: string } = {}): Promise<string[]> {
  const reducedBefore = await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.mantine-Notification-root')].every((toast) => {
      for (let node: Element | null = toast; node; node = node.parentElement) if (getComputedStyle(node).opacity !== '1') return false;
      return true;
    }),
  );
  // A colour still in transition (a scheme switch, a dialog's overlay fading in) would be measured
  // half-way; on a busy machine a 100 ms transition can outlast the scan's start. Wait for every
  // finite animation to end (infinite ones, such as a pulsing badge, are left to run).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const violations = await runAxe(page, options.rules, options.include);
  if (!reducedBefore) await page.emulateMedia({ reducedMotion: 'no-preference' });
  return violations
    .filter((violation) => !options.seriousOnly || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${String(violation.impact)}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Runs axe in the page (the app has no frames), putting it there once per page load: `@axe-core/playwright`
 * evaluates axe's 550 KB source twice per scan, and opens a blank page to merge frames' results, each
 * costing about as much as a scan. Only violations are reported in full, so axe does not build a selector
 * and an HTML excerpt for every element that passes (about a quarter of a scan's work on a content page).
 */
async function runAxe(page: Page, rules?: readonly string[], include?: string): Promise<axe.Result[]> {
  const present = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!present) await page.evaluate(`${axe.source}\n;axe.configure({ allowedOrigins: ['<same_origin>'] });`);
  const runOptions: axe.RunOptions = { resultTypes: ['violations'], ...(rules ? { runOnly: { type: 'rule', values: [...rules] } } : {}) };
  const results = await page.evaluate(
    ({ opts, selector }) => (window as unknown as { axe: typeof axe }).axe.run(selector ? { include: [selector] } : document, opts),
    { opts: runOptions, selector: include ?? null },
  );
  return results.violations;
}

/** Switches the page to `scheme` and waits until the app has followed. */
export async function useScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/**
 * The rules whose outcome depends on colours. The scheme changes colours only: the app switches
 * Mantine's CSS variables, and no control's markup or name follows the reported scheme (the scheme
 * toggle shows the stored setting). So the second scheme needs only these; every rule runs in the first.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * Expects no findings (serious and critical ones only, with `seriousOnly`): every rule in the light
 * scheme, and the colour rules again in the dark one.
 */
export async function expectAxeCleanInBothSchemes(page: Page, state: string, options: { seriousOnly?: boolean } = {}): Promise<void> {
  await useScheme(page, 'light');
  expect(await axeFindings(page, options), `axe: ${state}, light scheme`).toEqual([]);
  await useScheme(page, 'dark');
  expect(await axeFindings(page, { ...options, rules: COLOUR_RULES }), `axe: ${state}, dark scheme`).toEqual([]);
}
