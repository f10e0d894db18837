/**
 * Firefox as a user gets it (Debian's firefox-esr, driven over WebDriver BiDi): every route, settings,
 * offline. Its recordings are in firefox-recording.test.ts, run beside this file.
 */
import { describe, expect, test } from 'vitest';
import { ALL_ROUTES, everyPageTimeout } from '../e2e/support/routes';
import { untilQuiet, waitFor } from './support/browser-page';
import { useFirefoxSuite } from './support/firefox-suite';
import { expectSettingsKept, expectWorksOffline } from './support/shared-checks';

const suite = useFirefoxSuite('firefox-pages');

describe('Firefox', () => {
  test('every route loads, the app adopts it, and no page error', { timeout: everyPageTimeout(ALL_ROUTES.length) }, async () => {
    const { page } = suite.firefox;
    for (const route of ALL_ROUTES) {
      await page.goto(`${suite.preview.url}${route}`);
      // Content pages start the app once they are up (with no idle callback in WebKit, on a timer): the
      // heading is React's once the app has adopted the page.
      await waitFor(page, `${route} to render and the app to adopt it`, () => {
        const heading = document.querySelector('h1');
        return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
      });
      await untilQuiet(page);
    }
    expect(page.errors).toEqual([]);
  });

  test('settings are kept across a reload', async () => {
    await expectSettingsKept(suite.firefox.page, suite.preview.url);
  });

  test('after one visit the app opens offline', async () => {
    await expectWorksOffline(suite.firefox.page);
  });
});
