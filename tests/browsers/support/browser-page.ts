/**
 * One page in a real browser, however it is driven: Firefox over WebDriver BiDi (puppeteer-core),
 * WebKitGTK over classic WebDriver (WebKitWebDriver). Tests speak only this.
 */
export interface BrowserPage {
  goto(url: string): Promise<void>;
  /** Runs `fn` in the page (it must be self-contained) and returns its result. */
  run<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** A real click on the first element matching `selector`. */
  click(selector: string): Promise<void>;
  /** Uncaught errors the page reported since it was opened. */
  readonly errors: string[];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` (given `args`) in the page until it returns a truthy value or `timeoutMs` passes. */
export async function waitFor<T, A extends unknown[] = []>(page: BrowserPage, what: string, check: (...args: A) => T, timeoutMs = 20_000, ...args: A): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await page.run(check, ...args);
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await sleep(200);
  }
}

/**
 * Waits until the page has loaded nothing new for `quietMs` (at most `timeoutMs`): a page that is
 * left while its lazy chunks are still loading reports the aborted loads as errors.
 */
export async function untilQuiet(page: BrowserPage, quietMs = 500, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let count = -1;
  let sameSince = Date.now();
  while (Date.now() < until) {
    const now = await page.run(() => performance.getEntriesByType('resource').length);
    if (now !== count) {
      count = now;
      sameSince = Date.now();
    } else if (Date.now() - sameSince >= quietMs) {
      return;
    }
    await sleep(100);
  }
}
