import { test, expect } from './support/test';
import { expectVideoFlowing, framesDecoded, prepareRoomContext, roomWithGuest, tile } from './support/room';

test('a connection whose candidates were lost comes up through an ICE restart, well before the timeout', async ({ page: host, context, guard }) => {
  await prepareRoomContext(context, { loseFirstCandidates: true });
  const { guest } = await roomWithGuest(context, host, guard, 'lost-candidates');
  // One connection each: the restart renewed it in place rather than the timeout replacing it.
  expect(await host.evaluate(() => window.__pcs?.length)).toBe(1);
  expect(await guest.evaluate(() => window.__pcs?.length)).toBe(1);
  await expectVideoFlowing(guest);
  await expectVideoFlowing(host);
});

test('a connection closed under the room is rebuilt with backoff and the video resumes', async ({ page: host, context, guard }) => {
  await prepareRoomContext(context);
  const { guest } = await roomWithGuest(context, host, guard, 'reconnect');
  const connections = () => guest.evaluate(() => window.__pcs?.length ?? 0);
  const before = await connections();

  // Something outside the room's control closes the guest's connection to the host.
  const closedAt = await guest.evaluate(() => {
    for (const pc of window.__pcs ?? []) pc.close();
    return Date.now();
  });
  expect(await framesDecoded(guest)).toBe(0);
  await expect(tile(guest, 'Hana')).not.toHaveAttribute('data-state', 'playing');
  // Said once to a screen reader each way, by the guest's live region.
  const announcer = guest.getByTestId('room-announcer');
  await expect(announcer).toHaveText('Connection to Hana lost. Reconnecting…');

  // Backoff: the first retry waits 1–2 s, so a new connection is never immediate.
  await expect.poll(connections, { timeout: 20_000 }).toBeGreaterThan(before);
  expect(Date.now() - closedAt).toBeGreaterThanOrEqual(1000);
  await expect(tile(guest, 'Hana')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  await expect(tile(host, 'Gus')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  await expect(announcer).toHaveText('Connection to Hana is back');
  let resumed = 0;
  await expect.poll(async () => (resumed = await framesDecoded(guest)), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(() => framesDecoded(guest), { timeout: 15_000 }).toBeGreaterThan(resumed + 10);
});
