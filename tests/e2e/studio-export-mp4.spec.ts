/**
 * Export as MP4 (docs/decisions/0009-mp4-export-and-trim.md): a recorded take becomes an H.264 MP4 with
 * its index at the front, saved in the library as its own item; cancelling, or too little storage,
 * leaves nothing behind and the original untouched.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './support/test';
import { expectAxeCleanInBothSchemes } from './support/axe';
import { frameAt, meanFrameDifference, packetTimes, probe } from './support/media';
import { openStudio, startRecording, stopAndDownload } from './support/studio';
import { downloadFromDialog } from './support/media-jobs';
import { openStudioWithTake } from './support/library-seed';

/** Top-level MP4 boxes in file order (their four-letter types). */
function topLevelBoxes(file: string): string[] {
  const fd = openSync(file, 'r');
  const boxes: string[] = [];
  try {
    const header = Buffer.alloc(16);
    let position = 0;
    for (;;) {
      if (readSync(fd, header, 0, 16, position) < 8) break;
      const size32 = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      const size = size32 === 1 ? Number(header.readBigUInt64BE(8)) : size32;
      boxes.push(type);
      if (size < 8) break;
      position += size;
    }
  } finally {
    closeSync(fd);
  }
  return boxes;
}

/** Every chunk row with no recording row to own it (what a cancelled export must not leave). */
function strayChunkKeys(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('framecast');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const tx = open.result.transaction(['recordings', 'chunks']);
          const rows = tx.objectStore('recordings').getAll();
          const keys = tx.objectStore('chunks').getAllKeys();
          tx.oncomplete = () => {
            open.result.close();
            const owners = new Set((rows.result as { id: string; fileKey?: string }[]).flatMap((row) => [row.id, row.fileKey ?? row.id]));
            resolve((keys.result as [string, number][]).map(([key]) => key).filter((key) => !owners.has(key)));
          };
        };
      }),
  );
}


test('a recording exported as MP4: H.264 with the announced audio, index first, same length, same pictures', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await openStudio(page, 'Screen + Webcam');
  await startRecording(page);
  await page.waitForTimeout(6000);
  const source = testInfo.outputPath('source.webm');
  await stopAndDownload(page, source);

  await page.getByRole('region', { name: 'Download Video' }).getByRole('button', { name: 'Export as MP4' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export as MP4' });
  const note = dialog.getByTestId('export-codec-note');
  await expect(note).toHaveText(/^H\.264 video with (AAC|Opus) audio/);
  const announced = /^H\.264 video with (AAC|Opus) audio/.exec((await note.textContent()) ?? '')?.[1]?.toLowerCase();
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByTestId('export-progress')).toHaveText(/^\d+% · /);
  // Another tab loads meanwhile: its startup sweep must leave the export's not-yet-listed chunks
  // alone. The export holds the storage lock the sweep needs, so the sweep waits for a later load.
  const otherTab = await page.context().newPage();
  await otherTab.goto('/about');
  const sweepWouldRun = await otherTab.evaluate(() => navigator.locks.request('framecast-rowless-writes', { ifAvailable: true }, (lock) => lock !== null));
  expect(sweepWouldRun, 'a sweep while the export runs').toBe(false);
  await otherTab.close();
  await expect(dialog.getByRole('status')).toContainText('(MP4)', { timeout: 150_000 });
  await expectAxeCleanInBothSchemes(page, 'Export as MP4 dialog, saved', { seriousOnly: true });

  const file = testInfo.outputPath('export.mp4');
  const saved = await downloadFromDialog(page, dialog, 'Download MP4', file);
  expect(saved.suggestedFilename()).toMatch(/\.mp4$/);

  const [sourceInfo, info] = await Promise.all([probe(source), probe(file)]);
  console.log(`mp4 export: ${String(info.video?.codecName)} + ${String(info.audio?.codecName)}, ${String(info.duration)} s (source ${String(sourceInfo.duration)} s), ${(info.size / 1e6).toFixed(2)} MB`);
  expect(info.video?.codecName).toBe('h264');
  expect(info.audio?.codecName).toBe(announced);
  expect({ width: info.video?.width, height: info.video?.height }).toEqual({ width: sourceInfo.video?.width, height: sourceInfo.video?.height });
  // The MP4's timeline starts at the recording's first sample, not at the moment Start was pressed: a
  // microphone that delivered its first sound 0.17 s late left that much of nothing at the source's start.
  const sourceLength = (sourceInfo.duration ?? 0) - (sourceInfo.startTime ?? 0);
  expect(Math.abs((info.duration ?? 0) - sourceLength), `MP4 ${String(info.duration)} s, source ${String(sourceLength)} s from its first sample`).toBeLessThanOrEqual(0.1);
  // Both tracks play from the start of the file (the video's late first frame sits behind an empty
  // edit, as in the source) and end together: the last picture is held until the sound ends.
  console.log(`mp4 export: video ends at ${String(info.video?.end)} s, audio at ${String(info.audio?.end)} s`);
  expect(Math.abs((info.video?.end ?? 0) - (info.audio?.end ?? Infinity)), 'audio and video durations').toBeLessThanOrEqual(0.1);
  // Every recorded frame is in the MP4, the last one of each of the source's one-second clusters too.
  const [sourceFrames, exportFrames] = await Promise.all([packetTimes(source, 'v:0'), packetTimes(file, 'v:0')]);
  console.log(`mp4 export: ${String(exportFrames.count)} video frames (source ${String(sourceFrames.count)})`);
  expect(exportFrames.count).toBe(sourceFrames.count);
  // Fast start: the index comes before the media, so the file streams and seeks.
  const boxes = topLevelBoxes(file);
  expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
  expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
  // The same picture at the same time as the source.
  const middle = (sourceInfo.duration ?? 0) / 2;
  const [expected, actual] = await Promise.all([frameAt(source, middle), frameAt(file, middle)]);
  const difference = meanFrameDifference(expected, actual);
  console.log(`mp4 export: mean pixel difference at ${middle.toFixed(2)} s: ${difference.toFixed(2)}`);
  expect(difference).toBeLessThan(8);

  // Both are in the library; the export is marked MP4 and the original is untouched.
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  const items = page.getByTestId('library-item');
  await expect(items).toHaveCount(2);
  await expect(page.getByTestId('library-format')).toHaveText(['MP4', 'WebM']);
  expect(await strayChunkKeys(page)).toEqual([]);
});

test('cancelling an export leaves no new item and no stray chunks, and says so', async ({ page }) => {
  test.setTimeout(120_000);
  await openStudioWithTake(page);

  await page.getByTestId('library-item').getByRole('button', { name: 'Export as MP4' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export as MP4' });
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByTestId('export-progress')).toHaveText(/^([1-9]\d?)% · /, { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Cancel export' }).click();
  await expect(dialog.getByRole('status')).toContainText('Export cancelled: nothing was saved, and the recording is unchanged');
  await expectAxeCleanInBothSchemes(page, 'Export as MP4 dialog, cancelled', { seriousOnly: true });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByTestId('library-item')).toHaveCount(1);
  await expect(page.getByTestId('library-format')).toHaveText(['WebM']);
  expect(await strayChunkKeys(page)).toEqual([]);
});

test('with too little storage free, an export says how much to free, keeps the original whole, and leaves no stray chunks', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  // The export's worker is told what a nearly full disk reports: 1 MB free. (Chromium's DevTools
  // quota override does not limit IndexedDB writes, so a full disk is told, the way the full-disk
  // recording test tells the page.)
  await page.route('**/assets/export.worker-*.js', async (route) => {
    const response = await route.fetch();
    const patch = 'navigator.storage.estimate = async () => ({ quota: 200e6, usage: 199e6 });\n';
    await route.fulfill({ response, body: patch + (await response.text()) });
  });
  const source = await openStudioWithTake(page);

  await page.getByTestId('library-item').getByRole('button', { name: 'Export as MP4' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export as MP4' });
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Export failed');
  await expect(alert).toContainText(/Exporting this recording as MP4 needs [\d.]+ MB of free storage and only 976\.56 KB is free\. Free up [\d.]+ MB/);
  await expectAxeCleanInBothSchemes(page, 'Export as MP4 dialog, failed', { seriousOnly: true });

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByTestId('library-format')).toHaveText(['WebM']);
  expect(await strayChunkKeys(page)).toEqual([]);
  const again = page.waitForEvent('download');
  await page.getByTestId('library-item').getByRole('button', { name: /^Download / }).click();
  const originalAgain = testInfo.outputPath('original-again.webm');
  await (await again).saveAs(originalAgain);
  expect(readFileSync(originalAgain).equals(readFileSync(source)), 'the original downloads the same bytes').toBe(true);
});
