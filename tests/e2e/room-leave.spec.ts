import type { Page } from '@playwright/test';
import { test, expect } from './support/test';
import { expectParticipantCount, prepareRoomContext, roomWithGuest, tile } from './support/room';

test.beforeEach(async ({ context }) => {
  await prepareRoomContext(context);
});

const storedRoom = (page: Page) => page.evaluate(() => localStorage.getItem('framecast-current-room'));

test('a guest who leaves goes home, the host sees them go, and the stored room is cleared', async ({ page: host, context, guard }) => {
  const { roomId, guest } = await roomWithGuest(context, host, guard, 'leave');
  expect(JSON.parse((await storedRoom(guest)) ?? 'null')).toMatchObject({ roomId, userName: 'Gus', isHost: false });
  await guest.getByRole('button', { name: 'Leave Room' }).click();
  await expect(guest).toHaveURL(/\/$/);
  await expect(guest.getByText('Left Room')).toBeVisible();
  expect(await storedRoom(guest)).toBeNull();
  // The camera is released, not just hidden.
  expect(await guest.evaluate(() => document.querySelectorAll('video').length)).toBe(0);

  await expect(host.getByText('Gus left the room.')).toBeVisible();
  await expectParticipantCount(host, 1);
  await expect(tile(host, 'Gus')).toHaveCount(0);
});

test('when the host leaves, guests are told and the room ends', async ({ page: host, context, guard }) => {
  const { guest } = await roomWithGuest(context, host, guard, 'end');
  await host.getByRole('button', { name: 'Leave Room' }).click();
  await expect(host).toHaveURL(/\/$/);
  expect(await storedRoom(host)).toBeNull();
  await expect(guest.getByText('The host left, so the room has ended.')).toBeVisible();
  await expect(guest).toHaveURL(/\/$/);
  expect(await storedRoom(guest)).toBeNull();
});

test('a host whose tab closes ends the room too', async ({ page: host, context, guard }) => {
  const { guest } = await roomWithGuest(context, host, guard, 'crash');
  await host.close();
  await expect(guest.getByText('The host left, so the room has ended.')).toBeVisible({ timeout: 15_000 });
  await expect(guest).toHaveURL(/\/$/);
});

test('the host removes a participant', async ({ page: host, context, guard }) => {
  const { guest } = await roomWithGuest(context, host, guard, 'kick');
  await expect(guest.getByRole('button', { name: 'Remove Hana' })).toHaveCount(0);
  await host.getByRole('button', { name: 'Remove Gus' }).click();
  await expect(host.getByText('Participant Removed')).toBeVisible();
  await expectParticipantCount(host, 1);
  await expect(guest.getByText('The host removed you from the room.')).toBeVisible();
  await expect(guest).toHaveURL(/\/$/);
  expect(await storedRoom(guest)).toBeNull();
});
