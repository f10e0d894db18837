/**
 * Rooms through the deployments a team runs for real (docs/decisions/0010-room-signaling.md), each
 * server started by the test on free loopback ports: two signaling nodes sharing rooms through Redis,
 * and coturn relaying media. Host and guest are separate Chromium processes (two computers).
 */
import type { Browser, Page } from '@playwright/test';
import { expect, type PageGuard } from './support/test';
import { test } from './support/other-computer';
import { admitGuest, describeConnections, expectParticipantCount, expectVideoFlowing, prepareRoomContext, tile, type RoomContextOptions } from './support/room';
import { startAppNode, startRedis, startTurn } from './support/servers';

/** The host's page on this computer, loaded from the app node at `baseURL` (its signaling is that node's). */
async function hostPageOn(browser: Browser, guard: PageGuard, baseURL: string, options: RoomContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, acceptDownloads: true, serviceWorkers: 'block' });
  await prepareRoomContext(context, { signaling: null, ...options });
  const page = await context.newPage();
  guard.watch(page);
  return page;
}

async function closePages(...pages: (Page | undefined)[]): Promise<void> {
  for (const page of pages) if (page) await page.close();
}

/** The type of the local candidate each open connection of the page actually uses. */
function selectedCandidateTypes(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const types: string[] = [];
    for (const pc of window.__pcs ?? []) {
      if (pc.connectionState !== 'connected') continue;
      const stats = new Map<string, { type: string; [key: string]: unknown }>();
      (await pc.getStats()).forEach((s: { id: string; type: string }) => stats.set(s.id, s));
      for (const s of stats.values()) {
        if (s.type !== 'transport' || typeof s.selectedCandidatePairId !== 'string') continue;
        const pair = stats.get(s.selectedCandidatePairId);
        const local = typeof pair?.localCandidateId === 'string' ? stats.get(pair.localCandidateId) : undefined;
        types.push(String(local?.candidateType));
      }
    }
    return types;
  });
}

test('two app nodes share rooms through Redis: host on one, guest on the other, and a restarted node keeps the guest in', async ({ browser, other, guard }) => {
  test.setTimeout(120_000);
  // While node 2 is down the browser itself logs each refused reconnection attempt, and a request
  // in flight when it stops is reset.
  guard.allowConsoleError(/ERR_CONNECTION_(REFUSED|RESET)|WebSocket connection to .* failed/);
  const redis = await startRedis();
  const env = { REDIS_URL: redis.url };
  // Each node serves the app and its signaling on one origin, as `npm run serve` does behind a balancer.
  const node1 = await startAppNode(env);
  let node2 = await startAppNode(env);
  let host: Page | undefined;
  let guest: Page | undefined;
  try {
    host = await hostPageOn(browser, guard, node1.url);
    guest = await other.open({ signaling: null, baseURL: node2.url });
    await admitGuest(host, guest, 'nodes');
    await expectVideoFlowing(host);
    await expectVideoFlowing(guest);

    // Node 2 goes down and comes back on its address: the guest reconnects and is still Gus.
    await node2.stop();
    await expect(guest.getByTestId('room-reconnecting')).toBeVisible();
    await expect(guest.getByTestId('room-announcer')).toHaveText('Connection to the room lost. Reconnecting…');
    node2 = await startAppNode(env, node2.port);
    await expect(guest.getByTestId('room-reconnecting')).toHaveCount(0, { timeout: 15_000 });
    await expect(guest.getByTestId('room-announcer')).toHaveText('Connection to the room is back');
    await expectParticipantCount(host, 2);
    await expect(host.getByText('Gus left the room.')).toHaveCount(0);

    // The server knows the returning connection as the same participant: the host's word still reaches it.
    await host.getByRole('button', { name: 'Remove Gus' }).click();
    await expect(guest.getByText('The host removed you from the room.')).toBeVisible();
    await expect(tile(host, 'Gus')).toHaveCount(0);
  } finally {
    // Pages first: a page left open would log its reconnection attempts to the stopped nodes.
    await closePages(host, guest);
    await Promise.all([node1.stop(), node2.stop()]);
    await redis.stop();
  }
});

test('with TURN configured, two computers that may only use relays connect through coturn', async ({ browser, other, guard }) => {
  const turn = await startTurn();
  const node = await startAppNode({ TURN_URLS: turn.url, TURN_SECRET: turn.secret });
  let host: Page | undefined;
  let guest: Page | undefined;
  try {
    host = await hostPageOn(browser, guard, node.url, { relayOnly: true });
    guest = await other.open({ signaling: null, baseURL: node.url, relayOnly: true });
    await admitGuest(host, guest, 'relay');
    await expectVideoFlowing(host);
    await expectVideoFlowing(guest);
    for (const page of [host, guest]) {
      const types = await selectedCandidateTypes(page);
      expect(types, await describeConnections(page)).not.toHaveLength(0);
      expect(types.every((type) => type === 'relay')).toBe(true);
    }
  } finally {
    await closePages(host, guest);
    await node.stop();
    await turn.stop();
  }
});
