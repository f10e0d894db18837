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

/**
 * Beside WebKit on two cores, Firefox has once taken longer than puppeteer's 30 s to print its
 * endpoint, so a launch gets longer and a stuck one (puppeteer kills it) is tried once more.
 */
const LAUNCH_TIMEOUT_MS = 60_000;
const LAUNCH_ATTEMPTS = 2;

export async function launchFirefox(env: NodeJS.ProcessEnv, userDataDir?: string): Promise<FirefoxSession> {
  const browser = await launchWithRetry(env, userDataDir);
  const raw = await browser.newPage();
  const page = await asBrowserPage(raw);
  return { browser, page, raw };
}

async function launchWithRetry(env: NodeJS.ProcessEnv, userDataDir?: string): Promise<Browser> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await puppeteer.launch({
        browser: 'firefox',
        executablePath: '/usr/bin/firefox-esr',
        headless: false,
        env,
        userDataDir,
        timeout: LAUNCH_TIMEOUT_MS,
        protocolTimeout: 60_000,
        extraPrefsFirefox: PREFS,
      });
    } catch (error) {
      if (attempt >= LAUNCH_ATTEMPTS) throw error;
      console.warn(`Firefox did not start (attempt ${String(attempt)}), trying again:`, error);
    }
  }
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
