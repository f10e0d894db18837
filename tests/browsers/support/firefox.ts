/**
 * Debian's firefox-esr driven over WebDriver BiDi by puppeteer-core (which downloads no browser).
 * It runs with a window on the suite's Xvfb screen, which it can then capture for getDisplayMedia,
 * with fake cameras and microphones and no permission prompts.
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { BrowserPage } from './browser-page';

const PREFS = {
  'media.navigator.streams.fake': true,
  'media.navigator.permission.disabled': true,
  // Sound may start without a click first, as it does once a user has clicked anything on the page.
  'media.autoplay.default': 0,
  'browser.shell.checkDefaultBrowser': false,
};

export interface FirefoxSession {
  browser: Browser;
  page: BrowserPage;
  raw: Page;
}

export async function launchFirefox(env: NodeJS.ProcessEnv, userDataDir?: string): Promise<FirefoxSession> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: '/usr/bin/firefox-esr',
    headless: false,
    env,
    userDataDir,
    protocolTimeout: 60_000,
    extraPrefsFirefox: PREFS,
  });
  const raw = await browser.newPage();
  const page = await asBrowserPage(raw);
  return { browser, page, raw };
}

/** Speaks BrowserPage to one Firefox tab, collecting its uncaught errors from now on. */
export async function asBrowserPage(raw: Page): Promise<BrowserPage> {
  await raw.setViewport({ width: 1600, height: 1000 });
  const errors: string[] = [];
  raw.on('pageerror', (error: unknown) => {
    errors.push(error instanceof Error ? error.message : String(error));
  });
  return {
    errors,
    goto: async (url) => {
      await raw.goto(url, { waitUntil: 'load' });
    },
    run: (fn, ...args) => raw.evaluate(fn as (...inner: unknown[]) => unknown, ...args) as never,
    click: async (selector) => {
      await raw.locator(selector).click();
    },
  };
}
