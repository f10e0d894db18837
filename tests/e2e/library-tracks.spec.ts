/**
 * A room recording's tracks in the library (docs/decisions/0015-podcast-tracks.md): the files that share
 * a room recording are listed as one entry, each still a library item of its own, with a download of
 * them all; a participant's own track the host has not received yet says so and offers the room again.
 * The rows are seeded (tests/e2e/support/library-seed.ts): what the room writes is checked in the room tests.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Download } from '@playwright/test';
import { test, expect } from './support/test';
import { expectAxeCleanInBothSchemes } from './support/axe';
import { LIBRARY_SOURCE, seedRecordings } from './support/library-seed';

const PENDING_TRACKS_KEY = 'framecast-pending-tracks';
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

test('a room recording’s tracks are one entry that downloads them all, and an own track not yet sent offers the room again', async ({ page, context }, testInfo) => {
  test.setTimeout(90_000);
  await page.goto('/studio');
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeVisible();
  const session = { roomId: 'podcast-library', startedAt: Date.UTC(2026, 0, 15, 10, 30, 5) };
  const earlier = { roomId: 'podcast-library', startedAt: Date.UTC(2026, 0, 14, 9, 0, 0) };
  const [, , , , ownId = ''] = await seedRecordings(page, [
    { name: 'Room recording: Hana', mode: 'room-separate', roomSession: session },
    { name: 'Studio take' },
    { id: 'received-gus-track', name: 'Room recording: Gus', mode: 'room-separate', roomSession: session },
    { id: 'received-ida-track', name: 'Room recording: Ida', mode: 'room-separate', roomSession: session },
    // A guest's own track of an earlier recording, the only file of it here, not yet at the host.
    { name: 'Room recording: you (your own track)', mode: 'room-separate', roomSession: earlier },
  ]);
  await page.evaluate(
    ({ key, entry }) => {
      localStorage.setItem(key, JSON.stringify([entry]));
    },
    { key: PENDING_TRACKS_KEY, entry: { roomId: earlier.roomId, recordingId: ownId, createdAt: Date.now(), width: 1920, height: 1080, startedAt: earlier.startedAt, roomSession: earlier } },
  );
  await page.reload();
  await expect(page.getByTestId('library-item')).toHaveCount(5);

  // One entry for the recording: its heading says what it is, when it started and how many tracks.
  const time = await page.evaluate((startedAt) => new Date(startedAt).toLocaleString(), session.startedAt);
  const group = page.getByRole('region', { name: `Room recording, ${time}, 3 tracks` });
  await expect(group).toBeVisible();
  await expect(page.getByTestId('library-room-recording')).toHaveCount(1);
  const tracks = group.getByRole('listitem');
  await expect(tracks).toHaveCount(3);
  // In list order, each a full library item: its own download, rename and delete.
  for (const [index, name] of ['Room recording: Hana', 'Room recording: Gus', 'Room recording: Ida'].entries()) {
    const item = tracks.nth(index).getByRole('article', { name });
    await expect(item.getByRole('button', { name: `Download ${name}` })).toBeVisible();
    await expect(item.getByRole('button', { name: `Rename ${name}` })).toBeVisible();
    await expect(item.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
  }
  // Everything else is listed as before, outside it.
  await expect(group.getByRole('article', { name: 'Studio take' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Studio take' })).toBeVisible();

  // "Download all tracks" (reached from the keyboard) starts one download per track, each the stored file.
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  const downloadAll = group.getByRole('button', { name: `Download all tracks of the room recording of ${time} (3 files)` });
  await expect(downloadAll).toHaveText('Download all tracks');
  await downloadAll.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => downloads.length).toBe(3);
  expect(downloads.map((download) => download.suggestedFilename()).sort()).toEqual(['Room recording- Gus.webm', 'Room recording- Hana.webm', 'Room recording- Ida.webm']);
  const fixture = sha256(readFileSync(LIBRARY_SOURCE));
  for (const [index, download] of downloads.entries()) {
    const file = testInfo.outputPath(`track-${String(index)}.webm`);
    await download.saveAs(file);
    expect(sha256(readFileSync(file))).toBe(fixture);
  }
  await page.waitForTimeout(1000);
  expect(downloads).toHaveLength(3);

  // The guest's own track: not at the host yet, and a way back to the room, where sending resumes.
  const own = page.getByRole('article', { name: 'Room recording: you (your own track)' });
  await expect(group.getByRole('article', { name: 'Room recording: you (your own track)' })).toHaveCount(0);
  await expect(own.getByText('Not yet sent to the host.')).toBeVisible();
  const resume = own.getByRole('link', { name: 'Resume sending Room recording: you (your own track)' });
  await expect(resume).toHaveAttribute('href', `/room/${earlier.roomId}`);
  // Only the guest's own track waits; the host's files say nothing of it.
  await expect(page.getByText('Not yet sent to the host.')).toHaveCount(1);

  await expectAxeCleanInBothSchemes(page, 'library with a room recording and a track not yet sent', { seriousOnly: true });

  // The host got it, as another tab of this browser says: the notice goes without a reload.
  const other = await context.newPage();
  await other.goto('/');
  await other.evaluate((key) => {
    localStorage.removeItem(key);
  }, PENDING_TRACKS_KEY);
  await other.close();
  await expect(own.getByTestId('library-unsent')).toHaveCount(0);
  await expect(own).toBeVisible();
});

test('Resume sending opens the room’s invite page', async ({ page }) => {
  await page.goto('/studio');
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeVisible();
  const roomSession = { roomId: 'podcast-resume', startedAt: Date.UTC(2026, 0, 15, 10, 30, 5) };
  const [ownId = ''] = await seedRecordings(page, [{ name: 'Room recording: you (your own track)', mode: 'room-separate', roomSession }]);
  await page.evaluate(
    ({ key, entry }) => {
      localStorage.setItem(key, JSON.stringify([entry]));
    },
    { key: PENDING_TRACKS_KEY, entry: { roomId: roomSession.roomId, recordingId: ownId, createdAt: Date.now(), width: 1920, height: 1080, startedAt: null } },
  );
  await page.reload();
  // A single file of a room recording is listed as any other.
  await expect(page.getByTestId('library-room-recording')).toHaveCount(0);
  await page.getByRole('link', { name: 'Resume sending Room recording: you (your own track)' }).click();
  await expect(page).toHaveURL(`/room/${roomSession.roomId}`);
  await expect(page.getByRole('heading', { name: 'Join Room' })).toBeVisible();
});
