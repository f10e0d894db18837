/**
 * WebKitGTK, the engine of Safari that runs on Linux (Debian's build, driven by WebKitWebDriver):
 * every route, settings, offline, and what it is told about recording and rooms.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ALL_ROUTES } from '../e2e/support/routes';
import { sleep, waitFor } from './support/browser-page';
import { startDesktop, type Desktop } from './support/display';
import { startPreview, type Preview } from './support/preview';
import { expectSettingsKept, expectWorksOffline } from './support/shared-checks';
import { launchWebKit, pageErrorsOf, type WebKitSession } from './support/webkit';

let desktop: Desktop;
let preview: Preview;
let webkit: WebKitSession;

beforeAll(async () => {
  desktop = await startDesktop();
  preview = await startPreview();
  webkit = await launchWebKit(desktop.env);
});

afterAll(async () => {
  await webkit.close();
  await preview.stop();
  await desktop.stop();
});

describe('WebKit', () => {
  test('every route loads and renders with no page error', async () => {
    const { page } = webkit;
    const errors: string[] = [];
    for (const route of ALL_ROUTES) {
      await page.goto(`${preview.url}${route}`);
      await waitFor(page, `${route} to render`, () => document.querySelector('h1') !== null);
      await sleep(300);
      errors.push(...(await pageErrorsOf(page)).map((e) => `${route}: ${e}`));
    }
    expect(errors).toEqual([]);
  });

  test('the studio says which format this browser records before Start, and offers Start', async () => {
    const { page } = webkit;
    await page.goto(`${preview.url}/studio`);
    await waitFor(page, 'the studio', () => document.querySelector('[data-testid="stat-format"]') !== null);
    const studio = await page.run(() => ({
      format: document.querySelector('[data-testid="stat-format"]')?.textContent,
      cannotRecord: document.querySelector('[data-testid="cannot-record"]') !== null,
      start: document.querySelector('button[aria-label="Start recording"]') !== null,
    }));
    // This build's MediaRecorder writes MP4 only: recordings are MP4 here.
    expect(studio).toEqual({ format: 'MP4', cannotRecord: false, start: true });
  });

  test('a room page in a browser without WebRTC says so instead of connecting forever', async () => {
    const { page } = webkit;
    await page.goto(`${preview.url}/room/test-room-1`);
    const supported = await page.run(() => typeof RTCPeerConnection === 'function');
    if (supported) {
      await waitFor(page, 'the join form', () => document.querySelector('h1')?.textContent === 'Join Room');
    } else {
      // The prerendered page is the join form; once the page runs it knows better.
      await waitFor(page, 'the no-WebRTC message', () => document.querySelector('h1')?.textContent === 'Rooms Are Not Available in This Browser');
      expect(await page.run(() => document.body.innerText)).toContain('Open this link in a recent version of Chrome, Edge, Firefox or Safari');
    }
  });

  test('settings are kept across a reload', async () => {
    await expectSettingsKept(webkit.page, preview.url);
  });

  test('after one visit the app opens offline', async () => {
    await expectWorksOffline(webkit.page);
  });
});
