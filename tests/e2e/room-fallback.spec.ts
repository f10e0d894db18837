import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from './support/test';
import { webmLayout } from './support/media';
import { prepareRoomContext, roomWithGuest } from './support/room';
import { downloadAll, expectHostCameraLeftGuestScreenRight, expectMixedFile, expectOwnTrack, record, storedRows } from './support/room-recording';

test.beforeEach(async ({ context }) => {
  await prepareRoomContext(context);
});

/** What Firefox and Safari offer a page (or every page of a context): no MediaStreamTrackProcessor, no VideoEncoder. */
async function withoutWorkerPipeline(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    Reflect.deleteProperty(window, 'MediaStreamTrackProcessor');
    Reflect.deleteProperty(window, 'VideoEncoder');
  });
}

/**
 * A browser that cannot move a data channel to a worker (older Firefox and Chromium): posting one, to a
 * worker or a port, fails as it does there, so the host page receives each track itself.
 */
async function withoutChannelTransfer(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    const refuse = (transfer: unknown) => {
      const list: unknown[] = Array.isArray(transfer) ? transfer : ((transfer as { transfer?: unknown[] } | undefined)?.transfer ?? []);
      if (list.some((item) => item instanceof RTCDataChannel)) throw new DOMException('An RTCDataChannel could not be cloned.', 'DataCloneError');
    };
    for (const target of [MessagePort.prototype, Worker.prototype]) {
      const post = Reflect.get(target, 'postMessage') as (this: unknown, message: unknown, transfer?: unknown) => void;
      Object.defineProperty(target, 'postMessage', {
        configurable: true,
        writable: true,
        value(this: unknown, message: unknown, transfer?: unknown) {
          refuse(transfer);
          post.call(this, message, transfer);
        },
      });
    }
  });
}

test('without track processors and WebCodecs, MediaRecorder records the mixed room, seekable, both people side by side', async ({ page: host, context, guard }, testInfo) => {
  await withoutWorkerPipeline(host);
  const { guest } = await roomWithGuest(context, host, guard, 'fallback-mixed');
  expect(await host.evaluate(() => 'MediaStreamTrackProcessor' in window || 'VideoEncoder' in window)).toBe(false);
  await guest.getByRole('button', { name: 'Share screen' }).click();
  await expect(host.getByTestId('room-status').filter({ hasText: 'Gus is sharing their screen' })).toBeVisible();

  const { wall, span } = await record(host, 4, async () => {
    await expect(guest.getByTestId('room-status').filter({ hasText: 'Recording in progress' })).toBeVisible();
    // The figures come from the MediaRecorder: bytes grow while it records.
    await expect(host.getByTestId('room-recording-stats')).toContainText(/[1-9][\d.]* (KB|MB)/, { timeout: 10_000 });
  });
  await expect(host.getByText('Recorded 1 file. Click to download.')).toBeVisible();

  const [saved] = await downloadAll(host, 1, testInfo.outputDir);
  const file = saved?.file ?? '';
  const info = await expectMixedFile(file, { wall, span }, 1);
  expect(['vp9', 'vp8']).toContain(info.video?.codecName);
  expect(info.duration, 'the MediaRecorder output was remuxed: the duration is stated').not.toBeNull();
  expect((await webmLayout(file)).hasCues).toBe(true);
  await expectHostCameraLeftGuestScreenRight(file, 3);
});

test('without the worker pipeline, each person’s own track is recorded by MediaRecorder, pause left out, and the guest’s reaches the host', async ({ page: host, context, guard }, testInfo) => {
  // Host and guest alike: the guest's own track goes through the fallback too, and the host receives
  // it on its page.
  await withoutWorkerPipeline(context);
  await withoutChannelTransfer(context);
  const { guest } = await roomWithGuest(context, host, guard, 'fallback-separate');
  await host.getByRole('radio', { name: 'Separate' }).check();
  let pausedFor = 0;
  let guestResumeLateS = 0;
  const { span } = await record(host, 3, async () => {
    await host.getByRole('button', { name: 'Pause recording' }).click();
    await expect(host.getByTestId('room-recording-badge')).toHaveText('Paused');
    const pausedAt = Date.now();
    await expect(guest.getByTestId('room-status').filter({ hasText: 'Recording paused' })).toBeVisible();
    await host.waitForTimeout(1500);
    const resumedAt = Date.now();
    await host.getByRole('button', { name: 'Resume recording' }).click();
    pausedFor = (Date.now() - pausedAt) / 1000;
    await expect(guest.getByTestId('room-status').filter({ hasText: 'Recording in progress' })).toBeVisible();
    guestResumeLateS = (Date.now() - resumedAt) / 1000;
  });
  expect(await guest.evaluate(() => 'MediaStreamTrackProcessor' in window || 'VideoEncoder' in window)).toBe(false);
  await expect(host.getByText('Recorded 1 file. Click to download.')).toBeVisible();
  // The fallback's file is rewritten seekable at Stop: the blocks that changed are sent again.
  await expect(host.getByTestId('podcast-tracks')).toContainText('Gus: received ✓', { timeout: 30_000 });
  // Received on the page (the browser refused to move the channel), its writes made from the worker
  // the page starts for them.
  expect(host.workers().map((worker) => worker.url())).toContainEqual(expect.stringMatching(/received-tracks/));
  // The guest sent it from the page: its worker for sending was ended at the refusal.
  expect(guest.workers().map((worker) => worker.url())).not.toContainEqual(expect.stringMatching(/track-sending/));
  const ownRows = (await storedRows(host)).filter((row) => row.mode === 'room-separate');
  const files = await downloadAll(host, 2, testInfo.outputDir, 'card');
  // The pause (at least 1.5 s) is left out of each file.
  for (const file of files) await expectOwnTrack(file, ownRows, { spanS: span - pausedFor, guestResumeLateS });
});
