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

/** Polls `check` in the page until it returns a truthy value or `timeoutMs` passes. */
export async function waitFor<T>(page: BrowserPage, what: string, check: () => T, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await page.run(check);
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await sleep(200);
  }
}
