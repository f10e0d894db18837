/**
 * A second computer for room tests: another Chromium process with its own profile, so nothing is
 * shared with the first (no BroadcastChannel, storage or locks). Only a signaling server can bring
 * the two together.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { BASE_URL, CHROMIUM_PATH, ROOM_ARGS } from './chromium';
import { prepareRoomContext, type RoomContextOptions } from './room';
import { test as base, type PageGuard } from './test';

export interface OtherComputer {
  /** A page on the other computer, watched by the test's guard; `baseURL` names the app node it uses. */
  open(options?: RoomContextOptions & { baseURL?: string }): Promise<Page>;
  close(): Promise<void>;
}

export async function launchOtherComputer(guard: PageGuard): Promise<OtherComputer> {
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ROOM_ARGS,
  });
  return {
    async open(options = {}) {
      const context = await browser.newContext({ baseURL: options.baseURL ?? BASE_URL, acceptDownloads: true, serviceWorkers: 'block' });
      await prepareRoomContext(context, options);
      const page = await context.newPage();
      guard.watch(page);
      return page;
    },
    close: () => browser.close(),
  };
}

/** The project's test with `other`: a second computer, launched for the test and closed after it. */
export const test = base.extend<{ other: OtherComputer }>({
  other: async ({ guard }, use) => {
    const other = await launchOtherComputer(guard);
    await use(other);
    await other.close();
  },
});
