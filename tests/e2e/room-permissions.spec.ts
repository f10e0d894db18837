import { test, expect } from './support/test';
import { expectParticipantCount, hostRoom, newRoomId, openGuestRequests, openPage, prepareRoomContext, requestJoin, roomWithGuest, sniffedFrames, sniffRoomChannel } from './support/room';

test.beforeEach(async ({ context }) => {
  await prepareRoomContext(context);
});

test('a guest pressing the host’s recording controls is told only the host can', async ({ page: host, context, guard }) => {
  const { guest } = await roomWithGuest(context, host, guard, 'perm');
  await expect(guest.getByRole('switch', { name: 'Admit guests automatically' })).toHaveCount(0);
  await guest.getByRole('button', { name: 'Start recording' }).click();
  await expect(guest.getByText('Permission Denied')).toBeVisible();
  await expect(guest.getByText('Only the host can start recording.')).toBeVisible();
  await expect(host.getByTestId('room-recording-badge')).toHaveCount(0);

  await host.getByRole('button', { name: 'Start recording' }).click();
  await expect(host.getByTestId('room-recording-badge')).toHaveText('REC', { timeout: 20_000 });
  await expect(guest.getByTestId('room-status').filter({ hasText: 'Recording in progress' })).toBeVisible();

  // Pause from a guest is ignored without a word; Stop is refused with the notice.
  await guest.getByRole('button', { name: 'Pause recording' }).click();
  await guest.getByRole('button', { name: 'Stop recording' }).click();
  await expect(guest.getByText('Only the host can stop recording.')).toBeVisible();
  await expect(host.getByTestId('room-recording-badge')).toHaveText('REC');
  await expect(guest.getByTestId('room-status').filter({ hasText: 'Recording in progress' })).toBeVisible();

  // The guest's dialog explains, and shows no decisions to make.
  await guest.getByRole('button', { name: 'Guest Requests' }).click();
  await expect(guest.getByRole('dialog').getByText('Only the host can approve or reject guest requests.')).toBeVisible();
  await guest.keyboard.press('Escape');

  await host.getByRole('button', { name: 'Stop recording' }).click();
  await expect(host.getByText('Recording Complete')).toBeVisible({ timeout: 30_000 });
  await expect(guest.getByTestId('room-status')).toHaveCount(0);
});

test('a forged approval sent over the room channel by a guest is refused', async ({ page: host, context, guard }) => {
  // The room's authority (and its auto-admit timer) runs in the host's tab: its clock is the test's.
  await host.clock.install();
  const { roomId, guest } = await roomWithGuest(context, host, guard, 'forge');
  await sniffRoomChannel(guest, roomId);
  const waiting = await openPage(context, guard);
  await requestJoin(waiting, roomId, 'Ida');
  await expect(host.getByRole('button', { name: 'Guest Requests (1)' })).toBeVisible();

  const frames = await sniffedFrames(guest);
  const request = frames.find((f) => f.kind === 'request' && f.event === 'join-room');
  const hostFrame = frames.find((f) => f.kind === 'ack' || (f.kind === 'event' && f.event === 'pending-guests'));
  const idaId = request?.from;
  const hostId = hostFrame?.kind === 'ack' ? (hostFrame as { ack?: { hostId?: string } }).ack?.hostId : undefined;
  expect(idaId).toBeTruthy();
  expect(hostId).toBeTruthy();

  // From the guest's tab: as itself, then pretending to be the host, then a fake "room-joined" to Ida.
  await guest.evaluate(
    ({ roomId: id, guestId, hostId: forgedHost }) => {
      const channel = new BroadcastChannel(`room:${id}`);
      const self = 'forger';
      channel.postMessage({ kind: 'request', ackId: null, from: self, event: 'approve-guest', payload: { guestId, roomId: id } });
      channel.postMessage({ kind: 'request', ackId: null, from: forgedHost, event: 'approve-guest', payload: { guestId, roomId: id } });
      channel.postMessage({ kind: 'request', ackId: null, from: forgedHost, event: 'set-auto-admit', payload: { enabled: true, roomId: id } });
      channel.postMessage({ kind: 'event', from: self, to: guestId, event: 'room-joined', payload: { roomId: id, roomName: 'Fake', hostId: self, selfId: guestId, participants: [] } });
      channel.close();
    },
    { roomId, guestId: idaId, hostId },
  );
  // Past the auto-admit delay, had the forgery turned it on.
  await host.clock.fastForward(6000);
  await expect(waiting.getByTestId('waiting-for-host')).toBeVisible();
  await expect(host.getByRole('button', { name: 'Guest Requests (1)' })).toBeVisible();
  await expect(host.getByRole('switch', { name: 'Admit guests automatically' })).not.toBeChecked();
  await expectParticipantCount(host, 2);
  await expectParticipantCount(guest, 2);
});

test('a guest let in while the host records is told at once that the room is being recorded', async ({ page: host, context, guard }) => {
  const roomId = newRoomId('told');
  await hostRoom(host, roomId, 'Hana', { autoAdmit: false });
  await host.getByRole('radio', { name: 'Local only' }).check();
  await host.getByRole('button', { name: 'Start recording' }).click();
  await expect(host.getByTestId('room-recording-badge')).toHaveText('REC', { timeout: 20_000 });

  const guest = await openPage(context, guard);
  await requestJoin(guest, roomId, 'Gus');
  await openGuestRequests(host, 1);
  await host.getByRole('dialog').getByRole('button', { name: 'Approve Gus' }).click();
  await host.keyboard.press('Escape');
  await expectParticipantCount(guest, 2);
  await expect(guest.getByText('The host is recording this room.')).toBeVisible();
  await expect(guest.getByTestId('room-status').filter({ hasText: 'Recording in progress' })).toBeVisible();

  await host.getByRole('button', { name: 'Pause recording' }).click();
  await expect(guest.getByTestId('room-status').filter({ hasText: 'Recording paused' })).toBeVisible();
  await host.getByRole('button', { name: 'Stop recording' }).click();
  await expect(host.getByText('Recording Complete')).toBeVisible({ timeout: 30_000 });
  await expect(guest.getByTestId('room-status')).toHaveCount(0);
});
