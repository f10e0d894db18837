/** What the studio's preview shows, read as the user sees it. */
import type { Page } from '@playwright/test';

/** Reads the preview's pixels the way the user sees them: from a screenshot of the element. */
export async function previewPixels(page: Page): Promise<number[]> {
  const png = await page.getByTestId('studio-preview').screenshot();
  return page.evaluate(async (bytes) => {
    const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(320, 180);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(bitmap, 0, 0, 320, 180);
    return Array.from(context.getImageData(0, 0, 320, 180).data);
  }, [...png]);
}

/** Share of the preview that shows the fixture camera's blue field (16, 64, 224). */
export function blueShare(pixels: number[]): number {
  let blue = 0;
  for (let i = 0; i < pixels.length; i += 4) if ((pixels[i + 2] ?? 0) > 150 && (pixels[i] ?? 255) < 80) blue += 1;
  return blue / (pixels.length / 4);
}
