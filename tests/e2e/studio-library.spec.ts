import { test, expect } from './support/test';
import { storedChunkCount } from './support/recovery';
import { openStudio, startRecording, stopAndDownload } from './support/studio';
import type { Locator, Page } from '@playwright/test';
import { probe } from './support/media';

/** Records `seconds` on the studio's own clock and returns the file's duration, as ffprobe reads it. */
async function record(page: Page, mode: 'Webcam Only' | 'Screen Only', seconds: number, path: string): Promise<number> {
  await page.getByRole('radiogroup', { name: 'Recording mode' }).locator('label', { hasText: mode }).click();
  await startRecording(page);
  await expect(page.getByTestId('stat-duration')).toHaveText(`00:0${String(seconds)}`, { timeout: seconds * 1000 + 10_000 });
  await stopAndDownload(page, path);
  return (await probe(path)).duration ?? 0;
}

/** A library item's length badge (mm:ss), in seconds. */
async function listedSeconds(item: Locator): Promise<number> {
  const [minutes = NaN, seconds = NaN] = ((await item.getByTestId('library-duration').textContent()) ?? '').split(':').map(Number);
  return minutes * 60 + seconds;
}

/** Brightest minus darkest pixel of an image (0–255): a picture, not a blank box. */
function brightnessSpread(image: Locator): Promise<number> {
  return image.evaluate(async (element) => {
    const picture = element as HTMLImageElement;
    await picture.decode();
    const canvas = document.createElement('canvas');
    canvas.width = picture.naturalWidth;
    canvas.height = picture.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) return 0;
    context.drawImage(picture, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let [darkest, brightest] = [255, 0];
    for (let i = 0; i < pixels.length; i += 4) {
      const level = ((pixels[i] ?? 0) + (pixels[i + 1] ?? 0) + (pixels[i + 2] ?? 0)) / 3;
      darkest = Math.min(darkest, level);
      brightest = Math.max(brightest, level);
    }
    return brightest - darkest;
  });
}

const usage = (page: Page) => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);

test('the library lists recordings, renames, plays with seeking, and deletes with their stored bytes', async ({ page }, testInfo) => {
  await openStudio(page, 'Webcam Only');
  const webcamSeconds = await record(page, 'Webcam Only', 2, testInfo.outputPath('one.webm'));
  const screenSeconds = await record(page, 'Screen Only', 3, testInfo.outputPath('two.webm'));

  const items = page.getByTestId('library-item');
  await expect(items).toHaveCount(2);
  // Newest first, each with its own mode, length, size and date.
  await expect(items.nth(0).getByTestId('library-mode')).toHaveText('Screen Only');
  await expect(items.nth(1).getByTestId('library-mode')).toHaveText('Webcam Only');
  // The listed length is the file's own, in whole seconds (mm:ss rounds down).
  expect(Math.abs((await listedSeconds(items.nth(0))) - screenSeconds)).toBeLessThan(1);
  expect(Math.abs((await listedSeconds(items.nth(1))) - webcamSeconds)).toBeLessThan(1);
  expect(screenSeconds).toBeGreaterThan(2.5);
  for (const index of [0, 1]) {
    await expect(items.nth(index).getByTestId('library-size')).toHaveText(/^\d+\.\d{2} (KB|MB)$/);
    await expect(items.nth(index).getByTestId('library-date')).toHaveText(new RegExp(String(new Date().getFullYear())));
    // Each shows a still of its start, and keeps no video player (a decoder each) once it is drawn.
    const still = items.nth(index).getByTestId('library-thumbnail');
    await expect(still).toHaveJSProperty('tagName', 'IMG');
    expect(await brightnessSpread(still)).toBeGreaterThan(40);
  }
  await expect(items.locator('video')).toHaveCount(0);

  // Rename the webcam recording; the name survives a reload.
  await items.nth(1).getByRole('button', { name: 'Rename Webcam Only recording' }).click();
  const nameField = page.getByRole('textbox', { name: 'Recording name' });
  await nameField.fill('Lesson 4: fractions');
  await nameField.press('Enter');
  await expect(items.nth(1).getByTestId('library-name')).toHaveText('Lesson 4: fractions');
  await page.reload();
  await expect(page.getByTestId('library-item').nth(1).getByTestId('library-name')).toHaveText('Lesson 4: fractions');

  // Its download carries the new name.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Lesson 4: fractions' }).click();
  expect((await download).suggestedFilename()).toBe('Lesson 4- fractions.webm');

  // Play inline and seek to the middle.
  await page.getByRole('button', { name: 'Play Screen Only recording' }).click();
  const player = page.getByTestId('library-player');
  await expect(player).toBeVisible();
  const seeked = await player.evaluate(async (element) => {
    const video = element as HTMLVideoElement;
    if (video.readyState < 1) await new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true }));
    const target = video.duration / 2;
    video.currentTime = target;
    await new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
    return { duration: video.duration, target, at: video.currentTime };
  });
  expect(seeked.duration).toBeGreaterThan(2.5);
  expect(Number.isFinite(seeked.duration)).toBe(true);
  expect(Math.abs(seeked.at - seeked.target)).toBeLessThan(0.1);

  // Delete the screen recording: its entry and its stored bytes go, and the estimate drops.
  const chunksBefore = await storedChunkCount(page);
  const usageBefore = await usage(page);
  await page.getByRole('button', { name: 'Delete Screen Only recording' }).click();
  await page.getByRole('button', { name: 'Delete recording' }).click();
  await expect(page.getByTestId('library-item')).toHaveCount(1);
  await expect(page.getByTestId('library-name')).toHaveText('Lesson 4: fractions');
  expect(await storedChunkCount(page)).toBeLessThan(chunksBefore);
  await expect.poll(() => usage(page)).toBeLessThan(usageBefore);
});
