/**
 * WebKitGTK, the engine of Safari that runs on Linux (Debian's build, driven by WebKitWebDriver):
 * every route, settings, offline, what it is told about recording and rooms, and the recovery of
 * interrupted recordings in a session that stores no Blobs in IndexedDB.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ALL_ROUTES, everyPageTimeout } from '../e2e/support/routes';
import { sleep, waitFor, type BrowserPage } from './support/browser-page';
import { startDesktop, type Desktop } from './support/display';
import { startPreview, type Preview } from './support/preview';
import { expectSettingsKept, expectWorksOffline } from './support/shared-checks';
import { appDatabase, seedRecording } from './support/library';
import { probeFile, readNewestRecording, recoverInterrupted } from './support/studio';
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
  test('every route loads, the app adopts it, and no page error', { timeout: everyPageTimeout(ALL_ROUTES.length) }, async () => {
    const { page } = webkit;
    const errors: string[] = [];
    for (const route of ALL_ROUTES) {
      await page.goto(`${preview.url}${route}`);
      // Content pages start the app once they are up (with no idle callback in WebKit, on a timer): the
      // heading is React's once the app has adopted the page.
      await waitFor(page, `${route} to render and the app to adopt it`, () => {
        const heading = document.querySelector('h1');
        return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
      });
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

  // WebM as the worker pipeline stores it, fragmented MP4 as a MediaRecorder without WebM (older Safari) does.
  const FORMATS = [
    { label: 'WebM', extension: 'webm', mimeType: 'video/webm', codecs: ['-c:v', 'libvpx', '-b:v', '1M', '-g', '30', '-c:a', 'libopus'], video: 'vp8', audio: 'opus', cuesMarker: [0x1c, 0x53, 0xbb, 0x6b] },
    { label: 'fragmented MP4', extension: 'mp4', mimeType: 'video/mp4;codecs=avc1,mp4a.40.2', codecs: ['-c:v', 'libx264', '-g', '30', '-c:a', 'aac', '-movflags', 'frag_keyframe+empty_moov+default_base_moof'], video: 'h264', audio: 'aac', cuesMarker: null },
  ] as const;

  for (const format of FORMATS) {
    test(`an interrupted ${format.label} recording is recovered, though this session stores no Blobs in IndexedDB`, async () => {
      // A session of its own: after the route walk, WebKit's in-memory IndexedDB kept a write
      // transaction of a page navigated away from waiting, and every later write queued behind it.
      const session = await launchWebKit(desktop.env);
      try {
        await recoverInSession(session.page, format);
      } finally {
        await session.close();
      }
    });
  }

  async function recoverInSession(page: BrowserPage, format: (typeof FORMATS)[number]): Promise<void> {
    const dir = mkdtempSync(join(tmpdir(), 'webkit-recovery-'));
    const whole = join(dir, `whole.${format.extension}`);
    // 4 s of picture and sound; the tab "died" three quarters of the way through writing it.
    const made = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '4', ...format.codecs, whole]);
    expect(made.status).toBe(0);
    const bytes = readFileSync(whole);
    const cut = join(dir, `interrupted.${format.extension}`);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.75)));
    await page.goto(`${preview.url}/studio`);
    await appDatabase(page);
    // This session refuses Blob values in IndexedDB (as private windows may): the app's own writes must cope.
    const blobRefused = await page.run(
      () =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('framecast');
          open.onsuccess = () => {
            const tx = open.result.transaction('chunks', 'readwrite');
            const put = tx.objectStore('chunks').put({ recordingId: '~test', position: 0, bytes: new Blob(['x']) });
            put.onsuccess = () => {
              resolve(false);
              tx.abort();
            };
            put.onerror = (event) => {
              event.preventDefault();
              resolve(true);
              tx.abort();
            };
            tx.onabort = () => {
              open.result.close();
            };
          };
        }),
    );
    const name = `Interrupted ${format.label} take`;
    await seedRecording(page, cut, { id: `interrupted-${format.extension}`, name, mimeType: format.mimeType, durationMs: 3000, width: 640, height: 360, state: 'recording' });
    await page.goto(`${preview.url}/studio`);
    await recoverInterrupted(page);
    const recovered = join(dir, `recovered.${format.extension}`);
    const row = await readNewestRecording(page, recovered);
    const facts = probeFile(recovered);
    expect({ blobRefused, state: row.state, decodeErrors: facts.decodeErrors, video: facts.videoCodec, audio: facts.audioCodec }).toEqual({
      blobRefused: true,
      state: 'done',
      decodeErrors: '',
      video: format.video,
      audio: format.audio,
    });
    // What was stored before the cut, whole: about three quarters of 4 s.
    expect(facts.duration).toBeGreaterThan(2);
    expect(facts.duration).toBeLessThan(3.8);
    expect(Math.abs(row.durationMs / 1000 - facts.duration)).toBeLessThan(0.2);
    // Seekable: a repaired WebM carries an index of its clusters (Cues); an MP4's fragments each start on a key frame.
    if (format.cuesMarker) expect(readFileSync(recovered).includes(Buffer.from(format.cuesMarker))).toBe(true);
    expect(await pageErrorsOf(page)).toEqual([]);
  }

  test('settings are kept across a reload', async () => {
    await expectSettingsKept(webkit.page, preview.url);
  });

  test('after one visit the app opens offline', async () => {
    await expectWorksOffline(webkit.page);
  });
});
