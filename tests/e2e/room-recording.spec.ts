import path from 'node:path';
import type { Download, Page } from '@playwright/test';
import { test, expect } from './support/test';
import { frameAt, meanColor, probe, webmLayout } from './support/media';
import { prepareRoomContext, roomWithGuest } from './support/room';

test.beforeEach(async ({ context }) => {
  await prepareRoomContext(context);
});

async function record(host: Page, seconds: number, whileRecording: () => Promise<void> = () => Promise.resolve()): Promise<void> {
  await host.getByRole('button', { name: 'Start recording' }).click();
  await expect(host.getByTestId('room-recording-badge')).toHaveText('REC', { timeout: 20_000 });
  await whileRecording();
  // Wait on the recording's own clock, not the test's: a busy machine must not shorten the file.
  await expect(host.getByTestId('room-recording-duration')).toHaveText(`0:${String(seconds).padStart(2, '0')}`, { timeout: seconds * 1000 + 20_000 });
  // Processing can be brief: the page notes whether its disabled Processing button ever showed.
  await host.evaluate(() => {
    const seen = { processing: false };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    const observer = new MutationObserver(() => {
      const button = document.querySelector<HTMLButtonElement>('button[aria-label="Processing"]');
      if (button?.disabled) {
        seen.processing = true;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  });
  await host.getByRole('button', { name: 'Stop recording' }).click();
  await expect(host.getByText('Recording Complete')).toBeVisible({ timeout: 30_000 });
  expect(await host.evaluate(() => (window as unknown as { __seen: { processing: boolean } }).__seen.processing)).toBe(true);
}

async function downloadAll(host: Page, count: number, dir: string): Promise<{ name: string; file: string }[]> {
  const downloads: Download[] = [];
  const collected = new Promise<void>((resolve) => {
    host.on('download', (download) => {
      downloads.push(download);
      if (downloads.length === count) resolve();
    });
  });
  await host.getByTestId('room-recording-stats').waitFor();
  await host.getByRole('button', { name: 'Download', exact: true }).first().click();
  await collected;
  return Promise.all(
    downloads.map(async (download) => {
      const file = path.join(dir, download.suggestedFilename());
      await download.saveAs(file);
      return { name: download.suggestedFilename(), file };
    }),
  );
}

test('mixed recording: one seekable 1920×1080 WebM with both participants side by side', async ({ page: host, context, guard }, testInfo) => {
  const { guest } = await roomWithGuest(context, host, guard, 'mixed');
  // The guest shows their screen (green) while the host shows the camera (blue): two different sources.
  await guest.getByRole('button', { name: 'Share screen' }).click();
  await expect(host.getByTestId('room-status').filter({ hasText: 'Gus is sharing their screen' })).toBeVisible();
  await expect(guest.getByText('Recording Started')).toHaveCount(0);

  await record(host, 4, async () => {
    await expect(guest.getByText('The host is recording this room.')).toBeVisible();
    await expect(guest.getByTestId('room-status').filter({ hasText: 'Recording in progress' })).toBeVisible();
  });
  await expect(host.getByText('Recorded 1 file. Click to download.')).toBeVisible();
  await expect(host.getByTestId('room-recording-stats')).toContainText('Mixed');
  await expect(host.getByTestId('room-recording-stats')).toContainText(/\d+\.\d MB/);

  const [saved] = await downloadAll(host, 1, testInfo.outputDir);
  expect(saved?.name).toMatch(/^podcast-mixed-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.webm$/);
  const file = saved?.file ?? '';
  const info = await probe(file);
  expect(info.video).toMatchObject({ width: 1920, height: 1080 });
  expect(info.audio?.codecName).toBe('opus');
  expect(info.duration).toBeGreaterThan(3.5);
  expect(info.duration).toBeLessThan(8);
  const layout = await webmLayout(file);
  expect(layout.hasCues).toBe(true);
  expect(layout.hasDuration).toBe(true);

  // Left tile: the host's camera (blue field); right tile: the guest's shared screen (green).
  const frame = await frameAt(file, 3);
  const [lr, lg, lb] = meanColor(frame, 200, 400, 560, 280);
  const [rr, rg, rb] = meanColor(frame, 1160, 400, 560, 280);
  expect(lb).toBeGreaterThan(lg + 40);
  expect(lb).toBeGreaterThan(lr + 40);
  expect(rg).toBeGreaterThan(rb + 40);
  expect(rg).toBeGreaterThan(rr + 40);
});

test('separate recording: one file per participant', async ({ page: host, context, guard }, testInfo) => {
  await roomWithGuest(context, host, guard, 'separate');
  await host.getByRole('radio', { name: 'Separate' }).check();
  await record(host, 3);
  await expect(host.getByText('Recorded 2 files. Click to download.')).toBeVisible();
  await expect(host.getByTestId('room-recording-stats')).toContainText('Separate');
  const files = await downloadAll(host, 2, testInfo.outputDir);
  expect(new Set(files.map((f) => f.name)).size).toBe(2);
  for (const { name, file } of files) {
    expect(name).toMatch(/^podcast-[a-z2-9]{8}-\d{4}-\d{2}-\d{2}T.*Z\.webm$/);
    const info = await probe(file);
    expect(info.video).toMatchObject({ width: 1280, height: 720 });
    expect(info.duration).toBeGreaterThan(2.5);
    expect(info.duration).toBeLessThan(7);
    expect((await webmLayout(file)).hasCues).toBe(true);
  }
});
