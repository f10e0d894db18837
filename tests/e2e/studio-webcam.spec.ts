import { test, expect } from './support/test';

test('Webcam Only + Connect Webcam shows moving live video in the preview', async ({ page }) => {
  await page.goto('/studio');
  await page.locator('label', { hasText: 'Webcam Only' }).click();
  await expect(page.getByRole('radio', { name: 'Webcam Only' })).toBeChecked();
  await page.getByRole('button', { name: 'Connect webcam' }).click();
  await expect(page.getByRole('button', { name: 'Connect webcam' })).toHaveText(/Webcam Connected/);
  const preview = page.getByTestId('studio-preview');
  await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(1280);

  const sample = () =>
    preview.evaluate((v: HTMLVideoElement) => {
      const c = document.createElement('canvas');
      c.width = 320;
      c.height = 180;
      const ctx = c.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      ctx.drawImage(v, 0, 0, c.width, c.height);
      return Array.from(ctx.getImageData(0, 0, c.width, c.height).data);
    });
  const first = await sample();
  await page.waitForTimeout(1000);
  const second = await sample();
  const changed = first.filter((value, i) => Math.abs(value - (second[i] ?? 0)) > 16).length;
  expect(changed).toBeGreaterThan(500);
  // The fixture camera is mostly blue: the frame really comes from the camera, not a blank canvas.
  const blueDominant = first.filter((_, i) => i % 4 === 2 && (first[i] ?? 0) > 150 && (first[i - 2] ?? 255) < 80).length;
  expect(blueDominant).toBeGreaterThan(10_000);
});
