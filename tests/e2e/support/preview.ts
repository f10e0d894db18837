/** What the studio's preview shows, read as the user sees it. */
import type { Page } from '@playwright/test';

/**
 * Reads the preview's pixels the way the user sees them: from a screenshot of the element, scaled to
 * 320×180 RGBA. The image crosses to the page and back as base64 (the browser's own encoder): as
 * lists of numbers, each reading took a second or two of the page's and the test runner's time.
 */
export async function previewPixels(page: Page): Promise<Uint8Array> {
  const png = await page.getByTestId('studio-preview').screenshot();
  const base64 = await page.evaluate(async (encoded) => {
    const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(320, 180);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(bitmap, 0, 0, 320, 180);
    const pixels = new Blob([context.getImageData(0, 0, 320, 180).data]);
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => {
        const url = reader.result as string;
        resolve(url.slice(url.indexOf(',') + 1));
      };
      reader.onerror = () => reject(reader.error ?? new Error('cannot read the pixels'));
      reader.readAsDataURL(pixels);
    });
  }, png.toString('base64'));
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

/** Share of the preview that shows the fixture camera's blue field (16, 64, 224). */
export function blueShare(pixels: Uint8Array): number {
  let blue = 0;
  for (let i = 0; i < pixels.length; i += 4) if ((pixels[i + 2] ?? 0) > 150 && (pixels[i] ?? 255) < 80) blue += 1;
  return blue / (pixels.length / 4);
}
