import type { Page } from '@playwright/test';

/** Waits until a service worker controls the page: from then on, the app works offline. */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** A line appended to the generated worker: a "new version" that answers which version it is. */
export const NEW_VERSION_SW_LINE =
  "\nself.addEventListener('message', (e) => { if (e.data === 'framecast-version?') e.ports[0].postMessage('v2'); });\n";

/** Asks the worker controlling the page for its version; the original build does not answer. */
export function controllerVersion(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (e) => {
          resolve(String(e.data));
        };
        navigator.serviceWorker.controller?.postMessage('framecast-version?', [channel.port2]);
        setTimeout(() => {
          resolve('v1');
        }, 2000);
      }),
  );
}
