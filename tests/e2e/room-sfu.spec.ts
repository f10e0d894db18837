/**
 * Rooms through a media server (docs/sfu.md): Janus started by the test, and an app node configured
 * with it. Each person sends the camera once, in three simulcast layers, and receives the others from
 * Janus; the host's kick puts a guest's media out within 2 s; the host's mixed recording works.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, type PageGuard } from './support/test';
import { test } from './support/other-computer';
import { describeConnections, newRoomId, openGuestRequests, prepareRoomContext, receivedWidth, requestJoin, hostRoom, tile } from './support/room';
import { startAppNode, startJanus } from './support/servers';
import { downloadAll, expectHostCameraLeftGuestScreenRight, expectMixedFile, record } from './support/room-recording';

async function pageOn(browser: Browser, guard: PageGuard, baseURL: string, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL, acceptDownloads: true, serviceWorkers: 'block', ...(viewport ? { viewport } : {}) });
  await prepareRoomContext(context, { signaling: null });
  const page = await context.newPage();
  guard.watch(page);
  return page;
}

async function approve(host: Page, guest: Page, roomId: string, name: string): Promise<void> {
  await requestJoin(guest, roomId, name);
  await openGuestRequests(host, 1);
  await host.getByRole('dialog').getByRole('button', { name: `Approve ${name}` }).click();
  await host.keyboard.press('Escape');
}

interface MediaFigures {
  /** Connections sending video, and the simulcast layers (rids) each sends with bytes. */
  sending: string[][];
  /** Inbound video streams that decoded frames, by connection. */
  receiving: number;
  framesDecoded: number;
}

declare global {
  interface Window {
    /** What the page really sends and receives, from getStats on its open connections. */
    __mediaFigures?: () => Promise<MediaFigures>;
    /** When (Date.now()) the page first received fewer video streams than it watched for. */
    __fewerStreamsAt?: number;
    /** When (Date.now()) the page took a click. */
    __clickedAt?: number;
  }
}

/** What the page really sends and receives (see Window.__mediaFigures, which this defines in the page). */
function mediaFigures(page: Page): Promise<MediaFigures> {
  return page.evaluate(() => {
    window.__mediaFigures ??= async () => {
      const figures = { sending: [] as string[][], receiving: 0, framesDecoded: 0 };
      // All connections at once: one after another, a loaded page takes longer than the 2 s a kick is allowed.
      const open = (window.__pcs ?? []).filter((pc) => pc.signalingState !== 'closed');
      // A connection closed meanwhile has no report: it receives nothing.
      const reports = await Promise.all(open.map((pc) => pc.getStats().catch(() => null)));
      for (const report of reports) {
        if (!report) continue;
        const rids: string[] = [];
        report.forEach((s: { type: string; kind?: string; rid?: string; bytesSent?: number; framesDecoded?: number }) => {
          if (s.type === 'outbound-rtp' && s.kind === 'video' && (s.bytesSent ?? 0) > 0) rids.push(s.rid ?? '');
          if (s.type === 'inbound-rtp' && s.kind === 'video' && (s.framesDecoded ?? 0) > 0) {
            figures.receiving += 1;
            figures.framesDecoded += s.framesDecoded ?? 0;
          }
        });
        if (rids.length > 0) figures.sending.push(rids.sort());
      }
      return figures;
    };
    return window.__mediaFigures();
  });
}

/**
 * Has the page note the moment it has `count` connections or fewer receiving video, checking every
 * 20 ms. The page keeps the time itself: a test polling from outside adds its own round trips, which on
 * a loaded machine take longer than the interval being measured. The check reads the connections'
 * receivers (a video track is muted until packets arrive, as on the mesh's data-only connections),
 * not getStats, which itself takes hundreds of milliseconds on such a machine. Returns how many
 * receive now.
 */
async function noteWhenReceiving(page: Page, count: number): Promise<number> {
  return page.evaluate((most) => {
    delete window.__fewerStreamsAt;
    const receiving = () =>
      (window.__pcs ?? []).filter(
        (pc) => pc.signalingState !== 'closed' && pc.getTransceivers().some(({ receiver: { track } }) => track.kind === 'video' && !track.muted),
      ).length;
    const check = () => {
      if (window.__fewerStreamsAt !== undefined || receiving() > most) return;
      window.__fewerStreamsAt = Date.now();
      clearInterval(timer);
    };
    const timer = setInterval(check, 20);
    // A connection the page closes is checked at that moment: the page goes on to redraw the room,
    // which on a loaded machine holds its main thread (and a timer) for half a second.
    const close: (this: RTCPeerConnection) => void = Reflect.get(RTCPeerConnection.prototype, 'close');
    RTCPeerConnection.prototype.close = function (this: RTCPeerConnection) {
      close.call(this);
      check();
    };
    return receiving();
  }, count);
}

/** Janus and an app node configured with it, for the length of `run`. */
async function withMediaServer(run: (baseURL: string) => Promise<void>): Promise<void> {
  const janus = await startJanus();
  try {
    const node = await startAppNode({
      JANUS_URL: janus.url,
      JANUS_ADMIN_URL: janus.adminUrl,
      JANUS_SECRET: janus.secret,
      JANUS_PUBLIC_URL: '/janus-ws',
      JANUS_WS_URL: janus.wsUrl,
    });
    try {
      await run(node.url);
    } finally {
      await node.stop();
    }
  } finally {
    await janus.stop();
  }
}

/**
 * How many inbound video streams decode new frames over 1.5 s (paused ones do not). Shorter windows
 * miss a live stream on a loaded machine, where a decoder waiting for a key frame can stall for a second.
 */
async function liveVideoStreams(page: Page): Promise<number> {
  const sample = () =>
    page.evaluate(async () => {
      const decoded: Record<string, number> = {};
      for (const pc of window.__pcs ?? []) {
        if (pc.signalingState === 'closed') continue;
        (await pc.getStats()).forEach((s: { id: string; type: string; kind?: string; framesDecoded?: number }) => {
          if (s.type === 'inbound-rtp' && s.kind === 'video') decoded[s.id] = s.framesDecoded ?? 0;
        });
      }
      return decoded;
    });
  const before = await sample();
  await page.waitForTimeout(1500);
  const after = await sample();
  return Object.entries(after).filter(([id, frames]) => frames > (before[id] ?? 0)).length;
}

test('five people on two computers through Janus: each sends once in three layers and receives the other four, a pinned tile takes the full layer and thumbnails the quarter, the host pages through the tiles, and a kick from the list stops the guest’s media within 2 s @timing', async ({ browser, other, guard }) => {
  test.setTimeout(180_000);
  const pages: Page[] = [];
  await withMediaServer(async (baseURL) => {
    try {
      // The host is on a narrow screen: four tiles a page, so five people take two pages.
      const host = await pageOn(browser, guard, baseURL, { width: 700, height: 1000 });
      const here = [await pageOn(browser, guard, baseURL), await pageOn(browser, guard, baseURL)];
      const there = [await other.open({ signaling: null, baseURL }), await other.open({ signaling: null, baseURL })];
      const [ivy, jo] = here as [Page, Page];
      const [gus, kim] = there as [Page, Page];
      pages.push(host, ivy, jo, gus, kim);
      const roomId = newRoomId('sfu');
      await hostRoom(host, roomId, 'Hana', { autoAdmit: false });
      const guests = [
        { page: gus, name: 'Gus' },
        { page: ivy, name: 'Ivy' },
        { page: jo, name: 'Jo' },
        { page: kim, name: 'Kim' },
      ];
      for (const { page, name } of guests) await approve(host, page, roomId, name);

      const everyone = [{ page: host, name: 'Hana' }, ...guests];
      try {
        for (const { page, name } of guests) {
          for (const otherOne of everyone) if (otherOne.name !== name) await expect(tile(page, otherOne.name)).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
        }
      } catch (error) {
        throw new Error(`${String(error)}\nhost: ${await describeConnections(host)}`, { cause: error });
      }
      for (const { page } of everyone) {
        await expect(page.getByTestId('media-route')).toHaveText(' · Through the Framecast media server: up to 30 people');
        // One connection sends the camera, in three layers; the guests decode four streams (the
        // host's are counted below: Kim's tile is on its second page).
        const expected = page === host ? { sending: [['h', 'l', 'm']] } : { sending: [['h', 'l', 'm']], receiving: 4 };
        await expect.poll(() => mediaFigures(page), { timeout: 30_000 }).toMatchObject(expected);
      }

      // Four tiles each on the guests' screens: Janus sends them the half-size layer (it switches at the
      // layer's next key frame, which a loaded sender can be slow to send).
      for (const page of [ivy, jo, gus, kim]) await expect.poll(() => receivedWidth(page), { timeout: 30_000 }).toBe(640);

      // Ivy pins Kim: Kim's tile is shown large and takes the full layer; the others, thumbnails now, the quarter.
      await ivy.getByRole('button', { name: 'Pin Kim' }).click();
      await expect(ivy.getByRole('region', { name: 'Pinned: Kim' }).getByTestId('participant-tile')).toHaveAttribute('data-participant', 'Kim');
      await expect(ivy.getByRole('button', { name: 'Pin Kim', pressed: true })).toHaveAttribute('aria-pressed', 'true');
      const pictureWidth = (name: string) => tile(ivy, name).locator('video').evaluate((video: HTMLVideoElement) => video.videoWidth);
      await expect.poll(() => pictureWidth('Kim'), { timeout: 30_000 }).toBe(1280);
      for (const name of ['Hana', 'Gus', 'Jo']) await expect.poll(() => pictureWidth(name), { timeout: 30_000 }).toBe(320);

      // The host's first page shows four tiles; Kim waits on the second, still heard, and her video is not sent.
      await expect(host.getByRole('region', { name: 'Participants, page 1 of 2' }).getByTestId('participant-tile')).toHaveCount(4);
      await expect(tile(host, 'Kim')).toHaveCount(0);
      await expect.poll(() => liveVideoStreams(host), { timeout: 10_000 }).toBe(3);
      await expect
        .poll(() => host.getByTestId('off-page-sound').evaluate((audio: HTMLAudioElement) => !audio.paused && (audio.srcObject as MediaStream | null)?.getAudioTracks().length))
        .toBe(1);
      await expect(host.getByTestId('off-page-sound')).toHaveAttribute('data-participant', 'Kim');
      await host.getByRole('button', { name: 'Next participants' }).click();
      await expect(host.getByText('Page 2 of 2')).toBeVisible();
      await expect(tile(host, 'Kim')).toHaveAttribute('data-state', 'playing', { timeout: 10_000 });
      await expect(host.getByTestId('off-page-sound')).toHaveCount(3);
      await expect.poll(() => liveVideoStreams(host), { timeout: 10_000 }).toBe(1);
      // Everyone is in the list, whatever their page, and the host removes Gus from there.
      const list = host.getByTestId('participant-list');
      await expect(list.getByRole('heading', { name: 'Participants (5)' })).toBeVisible();
      expect(await noteWhenReceiving(ivy, 3)).toBe(4);
      // The moment the host's page takes the click, by its own clock (the pages share this machine's).
      await host.evaluate(() => {
        document.addEventListener('click', () => (window.__clickedAt = Date.now()), { capture: true, once: true });
      });
      await list.getByRole('button', { name: 'Remove Gus from the room' }).click();
      // (That Janus itself puts out a client that does not leave is checked in tests/server.)
      const kicked = (await host.evaluate(() => window.__clickedAt)) ?? 0;
      // Gus's stream is gone from Ivy's connections within 2 s, by her page's own clock; she keeps receiving the other three.
      await expect.poll(() => ivy.evaluate(() => window.__fewerStreamsAt), { timeout: 10_000 }).toBeDefined();
      const gone = (await ivy.evaluate(() => window.__fewerStreamsAt)) ?? Infinity;
      console.log(`sfu kick: Gus's stream left Ivy's connections ${String(gone - kicked)} ms after the host's click`);
      expect(gone - kicked, 'milliseconds from the kick until Gus’s stream left Ivy’s connections').toBeLessThan(2000);
      expect((await mediaFigures(ivy)).receiving).toBe(3);
      await expect(gus.getByText('The host removed you from the room.')).toBeVisible();
      // Four people fit one page again.
      await expect(host.getByTestId('grid-pager')).toHaveCount(0);
      await expect(host.getByTestId('participant-tile')).toHaveCount(4);
      const before = (await mediaFigures(ivy)).framesDecoded;
      await expect.poll(async () => (await mediaFigures(ivy)).framesDecoded, { timeout: 10_000 }).toBeGreaterThan(before + 10);
    } finally {
      for (const page of pages) await page.close();
    }
  });
});

test('the host’s mixed recording through Janus holds the host’s camera and the guest’s shared screen side by side', async ({ browser, guard }, testInfo) => {
  test.setTimeout(120_000);
  const pages: Page[] = [];
  await withMediaServer(async (baseURL) => {
    try {
      const host = await pageOn(browser, guard, baseURL);
      const guest = await pageOn(browser, guard, baseURL);
      pages.push(host, guest);
      const roomId = newRoomId('sfu-mixed');
      await hostRoom(host, roomId, 'Hana', { autoAdmit: false });
      await approve(host, guest, roomId, 'Gus');
      await expect(tile(host, 'Gus')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
      await guest.getByRole('button', { name: 'Share screen' }).click();
      await expect(host.getByTestId('room-status').filter({ hasText: 'Gus is sharing their screen' })).toBeVisible();

      const recorded = await record(host, 4);
      await expect(host.getByText('Recorded 1 file. Click to download.')).toBeVisible();
      const [saved] = await downloadAll(host, 1, testInfo.outputDir);
      const file = saved?.file ?? '';
      await expectMixedFile(file, recorded, 1);
      await expectHostCameraLeftGuestScreenRight(file, 3);
    } finally {
      for (const page of pages) await page.close();
    }
  });
});
