/**
 * Rooms between computers (docs/decisions/0010-room-signaling.md): the host and the guest run in two
 * separate Chromium processes with their own profiles, and meet only through the signaling server that
 * `npm run serve` serves on the app's own origin. Nothing here sets a signaling address: this is the
 * app's default.
 */
import { expect } from './support/test';
import { decodeErrors, probe } from './support/media';
import { test } from './support/other-computer';
import { admitGuest, describeConnections, expectParticipantCount, openPage, expectVideoFlowing, hostRoom, newRoomId, openGuestRequests, prepareRoomContext, requestJoin, tile } from './support/room';
import { downloadAll, expectHostCameraLeftGuestScreenRight, record, recorderLateSeconds, rowOfFile, storedRows, storedSha256 } from './support/room-recording';

test.beforeEach(async ({ context }) => {
  await prepareRoomContext(context, { signaling: null });
});

test('a guest on another computer asks, is approved, and each sees the other live; then the host removes them', async ({ page: host, other }) => {
  const guest = await other.open({ signaling: null });
  const probeFailures: string[] = [];
  guest.on('requestfailed', (request) => {
    if (request.url().includes('/socket.io/')) probeFailures.push(`${request.method()} ${String(request.failure()?.errorText)}`);
  });
  await guest.goto(`/room/${newRoomId('probe')}`);
  // Before anyone joins, the page says who can reach the room: anyone with the link.
  await expect(guest.getByTestId('signaling-mode')).toHaveAttribute('data-mode', 'server');
  // Asking took two requests, both answered and read: none is left open for the probe's timeout to abort.
  await guest.waitForLoadState('networkidle');
  expect(probeFailures).toEqual([]);

  await admitGuest(host, guest, 'apart');
  await expectParticipantCount(host, 2);
  await expectParticipantCount(guest, 2);
  await expectVideoFlowing(host);
  await expectVideoFlowing(guest);
  // No media server here: both are told the call is direct.
  for (const page of [host, guest]) await expect(page.getByTestId('media-route')).toHaveText(' · Direct peer-to-peer: up to 8 people');

  await host.getByRole('button', { name: 'Copy Invite Link' }).click();
  await expect(host.getByText('Send it to your guests so they can join from their own computers.')).toBeVisible();

  await host.getByRole('button', { name: 'Remove Gus' }).click();
  await expect(guest.getByText('The host removed you from the room.')).toBeVisible();
  await expect(guest).toHaveURL(/\/$/);
  await expectParticipantCount(host, 1);
  await expect(tile(host, 'Gus')).toHaveCount(0);
});

test('a guest on another computer whom the host rejects is told so and never sees the room', async ({ page: host, other }) => {
  const roomId = newRoomId('apart-reject');
  await hostRoom(host, roomId, 'Hana', { autoAdmit: false });
  const guest = await other.open({ signaling: null });
  await requestJoin(guest, roomId, 'Gus');
  await expect(guest.getByTestId('waiting-for-host')).toBeVisible();
  await openGuestRequests(host, 1);
  await host.getByRole('dialog').getByRole('button', { name: 'Reject Gus' }).click();
  await expect(guest.getByTestId('join-error')).toContainText('Guest request rejected by host');
  await expect(tile(guest, 'Hana')).toHaveCount(0);
  await expectParticipantCount(host, 1);
});

test('when the host leaves, the room ends for the guest on the other computer', async ({ page: host, other }) => {
  const guest = await other.open({ signaling: null });
  await admitGuest(host, guest, 'apart-leave');
  await host.getByRole('button', { name: 'Leave Room' }).click();
  await expect(guest.getByText('The host left, so the room has ended.')).toBeVisible({ timeout: 15_000 });
  await expect(guest).toHaveURL(/\/$/);
});

test('a mixed recording made across two computers holds both of them', async ({ page: host, other }, testInfo) => {
  const guest = await other.open({ signaling: null });
  await admitGuest(host, guest, 'apart-mixed');
  // The guest shows their screen (green) while the host shows the camera (blue).
  await guest.getByRole('button', { name: 'Share screen' }).click();
  await expect(host.getByTestId('room-status').filter({ hasText: 'Gus is sharing their screen' })).toBeVisible();
  const { wall, span } = await record(host, 4, async () => {
    await expect(guest.getByText('The host is recording this room.')).toBeVisible();
  });
  const [saved] = await downloadAll(host, 1, testInfo.outputDir);
  const file = saved?.file ?? '';
  const info = await probe(file);
  expect(info.video).toMatchObject({ width: 1920, height: 1080 });
  expect(info.duration).toBeGreaterThan(wall - 1);
  expect(info.duration).toBeLessThan(span + 2);
  await expectHostCameraLeftGuestScreenRight(file, 3);
});

test('a separate recording across two computers: the guest records on their own computer and the host gets that file, byte for byte', async ({ page: host, other }, testInfo) => {
  const guest = await other.open({ signaling: null });
  await admitGuest(host, guest, 'apart-separate');
  await host.getByRole('radio', { name: 'Separate' }).check();
  await expect(host.getByText('Each person is recorded on their own computer at full quality and the file is sent to the host')).toBeVisible();
  const { span } = await record(host, 8, async () => {
    await expect(guest.getByTestId('own-track-status')).toHaveText('Recording on this computer');
    // The track travels while it is recorded: the host holds part of it before Stop.
    await expect(host.getByTestId('podcast-tracks')).toContainText(/Gus: recording on their computer, [1-9]\d*\.\d MB received|Gus: recording on their computer, 0\.[1-9] MB received/, { timeout: 20_000 });
  });
  await expect(guest.getByTestId('own-track-status')).toHaveText('Your recording reached the host.', { timeout: 30_000 });
  await expect(host.getByTestId('podcast-tracks')).toContainText('Gus: received ✓');
  await expect(host.getByText('Gus’s own recording arrived, checked and complete.')).toBeVisible();
  // The host received it in a worker of its own, channel and all, off the page busy with the call: no
  // worker for writes made on the page was needed.
  const hostWorkers = host.workers().map((worker) => worker.url());
  expect(hostWorkers).toContainEqual(expect.stringMatching(/track-receiving/));
  expect(hostWorkers).not.toContainEqual(expect.stringMatching(/received-tracks/));
  // And the guest sent it from a worker of its own, off the guest's page.
  expect(guest.workers().map((worker) => worker.url())).toContainEqual(expect.stringMatching(/track-sending/));

  // The guest's own copy, in the guest's own browser profile...
  const own = (await storedRows(guest)).filter((row) => row.mode === 'room-separate');
  expect(own).toEqual([expect.objectContaining({ state: 'done' })]);
  const guestRow = own[0];
  if (!guestRow) throw new Error('no own track on the guest');
  // ...and the host's, received into the host's profile: the same bytes.
  const hostRow = (await storedRows(host)).find((row) => row.id === `received-${guestRow.id}`);
  expect(hostRow).toMatchObject({ state: 'done', size: guestRow.size, width: guestRow.width, height: guestRow.height });
  expect(await storedSha256(host, `received-${guestRow.id}`)).toBe(await storedSha256(guest, guestRow.id));
  // The guest's recorder named what it wrote again when it finished the file, so the guest read back
  // only those blocks to check it: below its first 4 KB, its header, nothing.
  expect(guestRow.reopenedRanges?.length).toBeGreaterThan(0);
  expect(guestRow.reopenedRanges?.filter(([start]) => start < 4096).every(([, end]) => end <= 4096)).toBe(true);
  // Both computers know the tracks as one room recording, so each library groups them.
  const hostOwn = (await storedRows(host)).find((row) => row.mode === 'room-separate' && !row.id.startsWith('received-'));
  expect(guestRow.roomSession).toEqual({ roomId: expect.stringMatching(/^apart-separate-/) as unknown, startedAt: expect.any(Number) as unknown });
  expect(hostOwn?.roomSession).toEqual(guestRow.roomSession);
  expect(hostRow?.roomSession).toEqual(guestRow.roomSession);

  // The picture is the guest's own capture size, not what the call delivered.
  const capture = await guest.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="participant-tile"][data-local="true"] video');
    const track = (video?.srcObject as MediaStream | null)?.getVideoTracks()[0];
    const { width = 0, height = 0 } = track?.getSettings() ?? {};
    return { width, height };
  });
  expect(capture.width).toBeGreaterThan(0);
  expect({ width: guestRow.width, height: guestRow.height }).toEqual(capture);

  const files = await downloadAll(host, 2, testInfo.outputDir, 'card');
  for (const { file } of files) expect(await decodeErrors(file)).toBe('');
  const infos = await Promise.all(files.map((f) => probe(f.file)));
  expect(infos.map((info) => `${String(info.video?.width)}x${String(info.video?.height)}`)).toContain(`${String(capture.width)}x${String(capture.height)}`);
  // Waiting for the first megabyte can hold the recording past 8 s on a loaded machine: the files
  // are bounded by how long it really ran, from the Start click. Each recorder begins once it is
  // told and comes up in its own time (on a loaded machine the guest's came up 1.5 s after the
  // room's start), so each file is as much shorter as its recorder began late.
  for (const [index, { file }] of files.entries()) {
    const info = infos[index];
    const row = rowOfFile([guestRow, hostOwn], file);
    expect(row?.roomSession, `the stored recording ${file} was downloaded from, and its room's start`).toBeDefined();
    const late = recorderLateSeconds(row);
    expect(late).toBeLessThan(3);
    expect(info?.duration, `begun ${late.toFixed(2)} s after the room's start`).toBeGreaterThan(7 - late);
    expect(info?.duration).toBeLessThan(span + 1);
  }
});

test('with no signaling server answering, the room says it connects this browser’s tabs only, and asks no STUN server', async ({ browser, guard }) => {
  // No signaling server answers on the app's origin: as on a static host. The browser logs the failed probe.
  guard.allowConsoleError(/ERR_FAILED|ERR_CONNECTION_REFUSED/);
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  await context.route('**/socket.io/**', (route) => route.abort('connectionrefused'));
  // A STUN server is configured, yet a room in one browser must not use it.
  await prepareRoomContext(context, { signaling: null, iceServers: 'stun:127.0.0.1:3478' });
  const host = await openPage(context, guard);
  const roomId = newRoomId('tabs');
  await host.goto(`/room/${roomId}`);
  const notice = host.getByTestId('signaling-mode');
  await expect(notice).toHaveAttribute('data-mode', 'local');
  await expect(notice).toContainText('This room connects tabs of this browser only');
  await hostRoom(host, roomId, 'Hana');
  await expect(host.getByTestId('signaling-mode')).toContainText('Connects tabs of this browser only');
  await host.getByRole('button', { name: 'Copy Invite Link' }).click();
  await expect(host.getByText('This room connects tabs of this browser only: open the link in another tab here.')).toBeVisible();

  const guest = await openPage(context, guard);
  await requestJoin(guest, roomId, 'Gus');
  await expect(tile(host, 'Gus')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });
  const configured = await host.evaluate(() => (window.__pcs ?? []).map((pc) => pc.getConfiguration().iceServers ?? []));
  expect(configured, await describeConnections(host)).not.toHaveLength(0);
  expect(configured.flat()).toEqual([]);
  await context.close();
});
