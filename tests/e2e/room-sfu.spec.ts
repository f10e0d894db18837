/**
 * A room through a media server (docs/sfu.md): Janus started by the test, an app node configured with
 * it, and three people on two computers. Each sends its camera once, in three simulcast layers, and
 * receives the others from Janus; the host's kick puts a guest's media out within 2 s.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, type PageGuard } from './support/test';
import { test } from './support/other-computer';
import { describeConnections, newRoomId, openGuestRequests, prepareRoomContext, requestJoin, hostRoom, tile } from './support/room';
import { startAppNode, startJanus } from './support/servers';

async function pageOn(browser: Browser, guard: PageGuard, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, acceptDownloads: true, serviceWorkers: 'block' });
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

/** What the page really sends and receives, from getStats on its open connections. */
function mediaFigures(page: Page): Promise<MediaFigures> {
  return page.evaluate(async () => {
    const figures = { sending: [] as string[][], receiving: 0, framesDecoded: 0 };
    for (const pc of window.__pcs ?? []) {
      if (pc.signalingState === 'closed') continue;
      const rids: string[] = [];
      (await pc.getStats()).forEach((s: { type: string; kind?: string; rid?: string; bytesSent?: number; framesDecoded?: number }) => {
        if (s.type === 'outbound-rtp' && s.kind === 'video' && (s.bytesSent ?? 0) > 0) rids.push(s.rid ?? '');
        if (s.type === 'inbound-rtp' && s.kind === 'video' && (s.framesDecoded ?? 0) > 0) {
          figures.receiving += 1;
          figures.framesDecoded += s.framesDecoded ?? 0;
        }
      });
      if (rids.length > 0) figures.sending.push(rids.sort());
    }
    return figures;
  });
}

test('three people through Janus: each sends once in three layers, receives the other two, and a kick stops the guest’s media within 2 s', async ({ browser, other, guard }) => {
  test.setTimeout(120_000);
  const janus = await startJanus();
  const node = await startAppNode({
    JANUS_URL: janus.url,
    JANUS_ADMIN_URL: janus.adminUrl,
    JANUS_SECRET: janus.secret,
    JANUS_PUBLIC_URL: '/janus-ws',
    JANUS_WS_URL: janus.wsUrl,
  });
  const pages: Page[] = [];
  try {
    const host = await pageOn(browser, guard, node.url);
    const ivy = await pageOn(browser, guard, node.url);
    const gus = await other.open({ signaling: null, baseURL: node.url });
    pages.push(host, ivy, gus);
    const roomId = newRoomId('sfu');
    await hostRoom(host, roomId, 'Hana', { autoAdmit: false });
    await approve(host, gus, roomId, 'Gus');
    await approve(host, ivy, roomId, 'Ivy');

    const everyone = [
      { page: host, others: ['Gus', 'Ivy'] },
      { page: gus, others: ['Hana', 'Ivy'] },
      { page: ivy, others: ['Hana', 'Gus'] },
    ];
    try {
      for (const { page, others } of everyone) for (const name of others) await expect(tile(page, name)).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
    } catch (error) {
      throw new Error(`${String(error)}\nhost: ${await describeConnections(host)}`, { cause: error });
    }
    for (const { page } of everyone) {
      await expect(page.getByTestId('media-route')).toHaveText(' · Through the Framecast media server: up to 30 people');
      await expect
        .poll(() => mediaFigures(page), { timeout: 20_000 })
        .toMatchObject({ sending: [['h', 'l', 'm']], receiving: 2 });
    }

    await host.getByRole('button', { name: 'Remove Gus' }).click();
    const kicked = Date.now();
    // Ivy keeps receiving Hana, and Gus's stream is gone from her connections.
    await expect.poll(async () => (await mediaFigures(ivy)).receiving, { timeout: 2000, intervals: [100] }).toBe(1);
    expect(Date.now() - kicked).toBeLessThan(2000);
    await expect(gus.getByText('The host removed you from the room.')).toBeVisible();
    const before = (await mediaFigures(ivy)).framesDecoded;
    await expect.poll(async () => (await mediaFigures(ivy)).framesDecoded, { timeout: 10_000 }).toBeGreaterThan(before + 10);
  } finally {
    for (const page of pages) await page.close();
    await node.stop();
    await janus.stop();
  }
});
