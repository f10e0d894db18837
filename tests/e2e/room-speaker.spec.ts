/**
 * Who is speaking, in a room of three: Speaker view shows the active speaker large, outlines whoever
 * is heard, and hands over when another takes a turn; a pin comes before it.
 */
import { test, expect } from './support/test';
import { openGuestRequests, openPage, prepareRoomContext, requestJoin, roomWithGuest, tile } from './support/room';

test('Speaker view shows whoever speaks large, outlined, and follows the turns; a pin comes first', async ({ page: host, context, guard }) => {
  await prepareRoomContext(context);
  const { guest: gus, roomId } = await roomWithGuest(context, host, guard, 'speaker');
  const ivy = await openPage(context, guard);
  await requestJoin(ivy, roomId, 'Ivy');
  await openGuestRequests(host, 1);
  await host.getByRole('dialog').getByRole('button', { name: 'Approve Ivy' }).click();
  await host.keyboard.press('Escape');
  await expect(tile(host, 'Ivy')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });

  // Ivy talks while Gus is muted: in Speaker view she is shown large, outlined, and his tile is not.
  // (Until anyone is heard the view shows the first of the others, Gus: Ivy there is the sound's doing.)
  await gus.getByRole('button', { name: 'Mute microphone' }).click();
  const speakerView = host.getByRole('button', { name: 'Speaker view' });
  await speakerView.click();
  await expect(speakerView).toHaveAttribute('aria-pressed', 'true');
  await expect(host.getByRole('region', { name: 'Speaking: Ivy' }).getByTestId('participant-tile')).toHaveAttribute('data-participant', 'Ivy', { timeout: 10_000 });
  await expect(tile(host, 'Ivy')).toHaveAttribute('data-speaking', 'true', { timeout: 10_000 });
  await expect(tile(host, 'Gus')).toHaveAttribute('data-speaking', 'false');
  await expect(host.getByRole('region', { name: 'Other participants' }).getByTestId('participant-tile')).toHaveCount(2);

  // Ivy stops and Gus takes his turn: once Ivy has been quiet a moment, Gus is shown large.
  await ivy.getByRole('button', { name: 'Mute microphone' }).click();
  await gus.getByRole('button', { name: 'Unmute microphone' }).click();
  await expect(host.getByRole('region', { name: 'Speaking: Gus' }).getByTestId('participant-tile')).toHaveAttribute('data-participant', 'Gus', { timeout: 10_000 });

  // A pin comes before the speaker, and unpinning goes back to them.
  await host.getByRole('button', { name: 'Pin Ivy' }).click();
  await expect(host.getByRole('region', { name: 'Pinned: Ivy' })).toBeVisible();
  await host.getByRole('button', { name: 'Pin Ivy', pressed: true }).click();
  await expect(host.getByRole('region', { name: 'Speaking: Gus' })).toBeVisible();

  await speakerView.click();
  await expect(host.getByTestId('spotlight')).toHaveCount(0);
  await expect(host.getByRole('region', { name: 'Participants' }).getByTestId('participant-tile')).toHaveCount(3);
});
