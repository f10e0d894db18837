import type { Page } from '@playwright/test';

/**
 * Whether the app has adopted the page: React holds its heading (the prerendered one hydrated, or the
 * not-found page's in its place). Content pages start the app once they are up
 * (docs/decisions/0016-first-load.md).
 */
export const appAdopted = (page: Page): Promise<boolean> =>
  page.evaluate(() => {
    const heading = document.querySelector('h1');
    return Boolean(heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber$')));
  });
