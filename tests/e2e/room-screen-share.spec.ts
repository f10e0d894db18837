import { test, expect } from './support/test';
import { expectVideoFlowing, prepareRoomContext, receivedWidth, roomWithGuest, tile } from './support/room';

test.beforeEach(async ({ context }) => {
  await prepareRoomContext(context);
});

test('sharing the screen switches what the other side receives, once at a time, and stopping restores the camera', async ({ page: host, context, guard }) => {
  const { guest } = await roomWithGuest(context, host, guard, 'share');
  // The fake camera is 1280×720 and the fake screen 1920×1080: the received width tells them apart.
  const cameraWidth = await receivedWidth(guest);
  expect(cameraWidth).toBeGreaterThan(0);
  expect(cameraWidth).toBeLessThanOrEqual(1280);

  await host.getByRole('button', { name: 'Share screen' }).click();
  await expect(host.getByText('Screen Sharing Started')).toBeVisible();
  await expect(host.getByTestId('room-status').filter({ hasText: 'You are sharing your screen' })).toBeVisible();
  await expect(guest.getByTestId('room-status').filter({ hasText: 'Hana is sharing their screen' })).toBeVisible();
  await expect.poll(() => receivedWidth(guest), { timeout: 20_000 }).toBeGreaterThan(1280);
  await expectVideoFlowing(guest);
  await expect(tile(guest, 'Hana').getByText('Sharing screen')).toBeVisible();

  // A second share while one is active is refused.
  await guest.getByRole('button', { name: 'Share screen' }).click();
  await expect(guest.getByText('Screen sharing already active')).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Stop sharing screen' })).toHaveCount(0);

  await host.getByRole('button', { name: 'Stop sharing screen' }).click();
  await expect(host.getByText('Screen Sharing Stopped')).toBeVisible();
  await expect(guest.getByTestId('room-status')).toHaveCount(0);
  await expect.poll(() => receivedWidth(guest), { timeout: 20_000 }).toBeLessThanOrEqual(1280);
  await expect(tile(guest, 'Hana')).toHaveAttribute('data-state', 'playing');
  await expectVideoFlowing(guest);
});

test('ending the share from the browser stops it for everyone', async ({ page: host, context, guard }) => {
  const { guest } = await roomWithGuest(context, host, guard, 'share-end');
  await guest.getByRole('button', { name: 'Share screen' }).click();
  await expect(host.getByTestId('room-status').filter({ hasText: 'Gus is sharing their screen' })).toBeVisible();
  // What the browser's own "Stop sharing" bar does: end the captured track.
  await guest.evaluate(() => {
    const video = [...document.querySelectorAll('video')].find((v) => v.closest('[data-local="true"]'));
    const stream = video?.srcObject as MediaStream | null;
    const track = stream?.getVideoTracks()[0];
    track?.stop();
    track?.dispatchEvent(new Event('ended'));
  });
  await expect(guest.getByText('Screen Sharing Stopped')).toBeVisible();
  await expect(host.getByTestId('room-status')).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Share screen' })).toBeVisible();
});
