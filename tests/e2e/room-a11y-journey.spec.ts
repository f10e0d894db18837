/**
 * The room accessible in every state: axe finds no serious or critical violation, in the light and the
 * dark scheme, on the join form, waiting for approval, the host with a guest waiting, the Guest
 * Requests dialog, host and guest admitted, a tile pinned, and while the room is recorded. The host runs the whole
 * journey from the keyboard (join, turn auto-admit off, admit, pin a tile, record, leave), with focus checked at
 * each step, and the live regions say who is waiting and asking.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './support/test';
import { expectAxeCleanInBothSchemes } from './support/axe';
import { tabTo } from './support/keyboard';
import { newRoomId, openPage, prepareRoomContext, requestJoin, tile } from './support/room';

const clean = (page: Page, state: string) => expectAxeCleanInBothSchemes(page, state, { seriousOnly: true });

test('a room journey, host on the keyboard alone, with no serious or critical axe violations in either scheme', async ({ page: host, context, guard }) => {
  test.setTimeout(240_000);
  await prepareRoomContext(context);
  const roomId = newRoomId('a11y');
  await host.goto(`/room/${roomId}`);
  const nameField = host.getByRole('textbox', { name: 'Your Name' });
  await expect(nameField).toBeVisible();
  await clean(host, 'room join form');

  await tabTo(host, nameField);
  await host.keyboard.type('Hana');
  await host.keyboard.press('Enter');
  // The join form went away under the focus: it lands on the room's heading.
  await expect(host.getByRole('heading', { level: 1, name: "Hana's room" })).toBeFocused({ timeout: 20_000 });

  const autoAdmit = host.getByRole('switch', { name: 'Admit guests automatically' });
  await tabTo(host, autoAdmit);
  await host.keyboard.press('Space');
  await expect(autoAdmit).not.toBeChecked();
  await clean(host, 'host alone in the room');

  const guest = await openPage(context, guard);
  await requestJoin(guest, roomId, 'Gus');
  await expect(guest.getByTestId('room-announcer')).toHaveText('Waiting for the host to let you in');
  await clean(guest, 'guest waiting for approval');
  await expect(host.getByTestId('room-announcer')).toHaveText('Gus is asking to join');
  await clean(host, 'host with a guest waiting');

  const requests = host.getByRole('button', { name: 'Guest Requests (1)' });
  await tabTo(host, requests);
  await host.keyboard.press('Enter');
  const dialog = host.getByRole('dialog', { name: 'Guest Requests' });
  await expect(dialog.getByTestId('guest-request')).toHaveCount(1);
  await clean(host, 'Guest Requests dialog');
  await tabTo(host, dialog.getByRole('button', { name: 'Approve Gus' }));
  await host.keyboard.press('Enter');
  // The answered request took its buttons with it: focus moves on to the dialog's close button.
  await expect(dialog.getByRole('button', { name: 'Close guest requests' })).toBeFocused();
  await host.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(host.getByRole('button', { name: 'Guest Requests (0)' })).toBeFocused();

  await expect(tile(host, 'Gus')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  await expect(tile(guest, 'Hana')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  // Two pages' scans at once: each page runs its own.
  await Promise.all([clean(host, 'host with the guest admitted'), clean(guest, 'guest admitted')]);

  // Pinning moves Gus's tile to the top, and the focus goes with its button; unpinning brings both back.
  await tabTo(host, host.getByRole('button', { name: 'Pin Gus' }));
  await host.keyboard.press('Enter');
  await expect(host.getByRole('button', { name: 'Pin Gus', pressed: true })).toBeFocused();
  await expect(host.getByRole('region', { name: 'Pinned: Gus' })).toBeVisible();
  await clean(host, 'host with a tile pinned');
  await host.keyboard.press('Enter');
  await expect(host.getByRole('button', { name: 'Pin Gus', pressed: false })).toBeFocused();
  await expect(host.getByRole('region', { name: 'Pinned: Gus' })).toHaveCount(0);

  const start = host.getByRole('button', { name: 'Start recording' });
  await tabTo(host, start);
  await host.keyboard.press('Enter');
  await expect(host.getByTestId('room-recording-badge')).toHaveText('REC', { timeout: 20_000 });
  // Start turned into Stop under the focus.
  await expect(host.getByRole('button', { name: 'Stop recording' })).toBeFocused();
  await expect(guest.getByTestId('room-recording-badge')).toHaveText('REC');
  await Promise.all([clean(host, 'host recording the room'), clean(guest, 'guest while the room is recorded')]);
  await host.keyboard.press('Enter');
  await expect(host.getByText('Recording Complete')).toBeVisible({ timeout: 30_000 });

  const leave = host.getByRole('button', { name: 'Leave Room' });
  await tabTo(host, leave);
  await host.keyboard.press('Enter');
  await expect(host).toHaveURL(/\/$/);
  // The page changed under the focus: it lands on the new page's content, not the top of the document.
  await expect(host.locator('main')).toBeFocused();
  await expect(guest.getByText('The host left, so the room has ended.')).toBeVisible({ timeout: 20_000 });
});
