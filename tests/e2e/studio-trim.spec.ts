/**
 * Trim recording (docs/decisions/0009-mp4-export-and-trim.md): 1 s to 4 s of an 8 s take saved as a new
 * library item that starts at the chosen time and lasts the selection, with the original unchanged; and
 * a cut between key frames that re-encodes only up to the next one.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from './support/test';
import { frameNumber, meanFrameDifference, packetHashes, packetTimes, probe } from './support/media';
import { openStudioWithTake } from './support/library-seed';
import { saveTrimmedCopy } from './support/media-jobs';

/**
 * How far the copy's first picture is from the source's picture on screen at `startS` (the last
 * frame at or before it), or from the one after it: the copy starts within a frame of the chosen time.
 * Pictures are taken by their number, so the source's start time (its sound may start a few ms
 * before or after its first picture) cannot shift which one is compared.
 */
async function firstPictureDifference(copy: string, source: string, startS: number): Promise<number> {
  const { times } = await packetTimes(source, 'v:0');
  const shown = Math.max(0, times.filter((time) => time <= startS + 1e-6).length - 1);
  const candidates = await Promise.all([shown, shown + 1].filter((index) => index < times.length).map((index) => frameNumber(source, index)));
  const first = await frameNumber(copy, 0);
  return Math.min(...candidates.map((frame) => meanFrameDifference(frame, first)));
}

test('trimming 1 s to 4 s of an 8 s take saves a 3 s copy that starts at 1 s, and keeps the original', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const source = await openStudioWithTake(page);

  const original = page.getByTestId('library-item');
  await expect(original).toHaveCount(1);
  await original.getByRole('button', { name: 'Trim recording' }).click();
  const dialog = page.getByRole('dialog', { name: 'Trim recording' });
  await expect(dialog.getByTestId('trim-thumbnails').locator('img')).toHaveCount(8);
  await dialog.getByLabel('Trim start (seconds)').fill('1');
  await dialog.getByLabel('Trim end (seconds)').fill('4');
  await expect(dialog.getByTestId('trim-selection')).toHaveText(/^Keeps 00:03 of 00:08\. The original stays as it is\.$/);
  // The slider follows the fields, and is named for what it sets.
  await expect(dialog.getByRole('slider', { name: 'Trim start' })).toHaveAttribute('aria-valuenow', '1');
  await expect(dialog.getByRole('slider', { name: 'Trim end' })).toHaveAttribute('aria-valuenow', '4');
  const copy = testInfo.outputPath('trimmed.webm');
  await saveTrimmedCopy(page, dialog, copy);
  const info = await probe(copy);
  console.log(`trim: copy lasts ${String(info.duration)} s (${String(info.video?.codecName)} + ${String(info.audio?.codecName)})`);
  expect(Math.abs((info.duration ?? 0) - 3)).toBeLessThanOrEqual(0.05);
  // Its first picture is the source's at 1 s, or the one after it (within a frame).
  const difference = await firstPictureDifference(copy, source, 1);
  console.log(`trim: first frame vs the source's at 1 s or the next: mean difference ${difference.toFixed(2)}`);
  expect(difference).toBeLessThan(3);

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByTestId('library-item')).toHaveCount(2);
  const sourceItem = page.getByRole('article').filter({ hasNotText: '(trimmed)' });

  // From 1.5 s, half a second past a key frame (the take has one every second, as the recorder writes): only the
  // pictures up to the next key frame are encoded again; every packet after it is the source's own.
  await sourceItem.getByRole('button', { name: 'Trim recording' }).click();
  await dialog.getByLabel('Trim start (seconds)').fill('1.5');
  await dialog.getByLabel('Trim end (seconds)').fill('4');
  const smartCopy = testInfo.outputPath('trimmed-1.5.webm');
  await saveTrimmedCopy(page, dialog, smartCopy);
  const smartInfo = await probe(smartCopy);
  expect(Math.abs((smartInfo.duration ?? 0) - 2.5)).toBeLessThanOrEqual(0.05);
  const smartDifference = await firstPictureDifference(smartCopy, source, 1.5);
  const [sourcePackets, copyPackets] = await Promise.all([packetHashes(source, 'v:0'), packetHashes(smartCopy, 'v:0')]);
  const sourceBytes = new Set(sourcePackets.map((packet) => packet.md5));
  // The copy opens with re-encoded pictures (the first a key frame) up to the source's next key frame;
  // from that key frame on, every packet is the source's own, byte for byte.
  const reencoded = copyPackets.findIndex((packet) => sourceBytes.has(packet.md5));
  const firstCopied = copyPackets[reencoded];
  console.log(`trim from 1.5 s: ${String(smartInfo.duration)} s, first frame mean difference ${smartDifference.toFixed(2)}, ${String(reencoded)} of ${String(copyPackets.length)} video packets re-encoded, copied from ${String(firstCopied?.pts)} s on`);
  expect(smartDifference).toBeLessThan(3);
  expect(copyPackets[0]?.key).toBe(true);
  expect(reencoded).toBeGreaterThan(0);
  expect(firstCopied?.key).toBe(true);
  expect(firstCopied?.pts).toBeLessThan(1.05);
  expect(copyPackets.slice(reencoded).filter((packet) => !sourceBytes.has(packet.md5))).toEqual([]);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByTestId('library-item')).toHaveCount(3);

  // The original is untouched: the library still downloads the same bytes.
  const again = page.waitForEvent('download');
  await sourceItem.getByRole('button', { name: /^Download / }).click();
  const originalAgain = testInfo.outputPath('original-again.webm');
  await (await again).saveAs(originalAgain);
  expect(readFileSync(originalAgain).equals(readFileSync(source))).toBe(true);
});
