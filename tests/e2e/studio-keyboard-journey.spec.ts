/**
 * The studio from the keyboard alone: Tab, Shift+Tab, Enter, Space and Escape, no mouse.
 * Record Screen + Webcam, pause, resume, stop, download, then rename and delete the recording in the
 * library, checking where focus lands at every step. Also: with less motion asked for, the meter, the
 * REC badge and dialogs stop animating while their values still change.
 */
import { test, expect } from './support/test';
import { tabTo } from './support/keyboard';
import { openStudio, startRecording } from './support/studio';

test('record, pause, resume, stop, download, rename and delete with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/studio');
  // Screen + Webcam is the default mode: nothing to choose.
  await expect(page.getByRole('radio', { name: 'Screen + Webcam' })).toBeChecked();
  await expect(page.getByTestId('studio-preview')).toBeVisible();
  const badge = page.getByTestId('recording-badge');

  const start = page.getByRole('button', { name: 'Start recording' });
  await tabTo(page, start);
  await page.keyboard.press('Enter');
  await expect(badge).toHaveText('REC', { timeout: 20_000 });
  // Start turned into Stop under the focus.
  const stop = page.getByRole('button', { name: 'Stop recording' });
  await expect(stop).toBeFocused();

  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Pause recording' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(badge).toHaveText('Paused');
  await expect(page.getByRole('button', { name: 'Resume recording' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(badge).toHaveText('REC');
  await expect(page.getByRole('button', { name: 'Pause recording' })).toBeFocused();
  await page.waitForTimeout(1000);

  await page.keyboard.press('Tab');
  await expect(stop).toBeFocused();
  const saved = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  await saved;
  const card = page.getByRole('region', { name: 'Download Video' });
  await expect(card).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Download recording' })).toBeFocused();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toMatch(/\.webm$/);

  const item = page.getByTestId('library-item');
  await expect(item).toHaveCount(1);
  await tabTo(page, item.getByRole('button', { name: /^Rename / }));
  await page.keyboard.press('Enter');
  const nameField = page.getByRole('textbox', { name: 'Recording name' });
  await expect(nameField).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Keyboard take');
  await page.keyboard.press('Enter');
  await expect(item.getByTestId('library-name')).toHaveText('Keyboard take');
  // The field went away under the focus: it is back on the button that opened it.
  await expect(page.getByRole('button', { name: 'Rename Keyboard take' })).toBeFocused();

  await page.keyboard.press('Tab');
  const remove = page.getByRole('button', { name: 'Delete Keyboard take' });
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Delete recording' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(remove).toBeFocused();
  await expect(item).toHaveCount(1);

  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Delete recording' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(item).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your recordings' })).toBeFocused();
});


/** Seconds of an element's computed transition or animation, the longest of its list. */
const seconds = (value: string) => Math.max(...value.split(',').map((part) => parseFloat(part)));

test('with less motion asked for, the meter, the REC badge and dialogs stop animating but still change', async ({ page }) => {
  await openStudio(page, 'Screen + Webcam');
  await startRecording(page);
  const badge = page.getByTestId('recording-badge');
  const meter = page.getByRole('progressbar', { name: 'Microphone level' });
  const fill = meter.locator('div');
  await expect(meter).toBeVisible();
  const transition = () => fill.evaluate((el) => getComputedStyle(el).transitionDuration).then(seconds);
  // The control: without the preference, the meter eases between values and the REC badge pulses.
  expect(await transition()).toBeGreaterThan(0.05);
  expect(await badge.evaluate((el) => getComputedStyle(el).animationIterationCount)).toBe('infinite');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await transition()).toBeLessThan(0.001);
  expect(await badge.evaluate((el) => getComputedStyle(el).animationIterationCount)).toBe('1');
  expect(seconds(await badge.evaluate((el) => getComputedStyle(el).animationDuration))).toBeLessThan(0.001);
  // Values still update, at once: muting drops the meter to nothing, unmuting brings the fixture's tone back.
  const level = async () => Number(await meter.getAttribute('aria-valuenow'));
  await expect.poll(level).toBeGreaterThan(20);
  await page.getByRole('button', { name: 'Mute microphone' }).click();
  await expect(meter).toHaveAttribute('aria-valuenow', '0');
  // The bar's 0.01 ms transition ends at the next frame: read in the frame the value changed, it
  // still said the old one (a gate run), so it is read until then, within half a second.
  await expect.poll(() => fill.evaluate((el) => getComputedStyle(el).transform), { timeout: 500 }).toBe('matrix(0, 0, 0, 1, 0, 0)');
  await page.getByRole('button', { name: 'Unmute microphone' }).click();
  await expect.poll(level).toBeGreaterThan(20);

  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  expect(seconds(await dialog.evaluate((el) => getComputedStyle(el).transitionDuration))).toBeLessThan(0.001);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await saved;
});
