import { test, expect } from './support/test';
import { frameAt, meanColor, probe } from './support/media';
import { blueShare, previewPixels } from './support/preview';
import { openStudio, startRecording, stopAndDownload, type Overlay } from './support/studio';

test('the preview shows the live webcam, moving', async ({ page }) => {
  await openStudio(page, 'Webcam Only');
  await expect(page.getByRole('button', { name: 'Webcam connected' })).toBeVisible();
  // A fresh browser's capture service can take a moment to deliver the first camera frame.
  let first: Uint8Array = new Uint8Array();
  await expect
    .poll(async () => {
      first = await previewPixels(page);
      return blueShare(first);
    }, { timeout: 10_000 })
    .toBeGreaterThan(0.3);
  // Moving: two views a second apart differ. A camera that has just opened may pause for a moment
  // while the capture settles (seen right after another context released the same fake device), so
  // the comparison is repeated for a while rather than taken once (on a loaded 2-core machine the
  // camera stood still for over 10 s right after the previous test's page let it go).
  await expect
    .poll(async () => {
      await page.waitForTimeout(1000);
      const next = await previewPixels(page);
      const changed = first.filter((value, i) => Math.abs(value - (next[i] ?? 0)) > 16).length;
      first = next;
      return changed;
    }, { timeout: 25_000, intervals: [0] })
    .toBeGreaterThan(200);
});

// Rectangles worked out by hand for a 1920×1080 canvas: u = 108 px; small 1.6u×1.2u, medium 2.4u×1.8u,
// large 3.2u×2.4u; circle and square use the height as side; 20 px margins.
const CASES: { overlay: Overlay; rect: { x: number; y: number; w: number; h: number }; outside: 'above' | 'below' | 'left' }[] = [
  { overlay: { shape: 'Circle', size: 'Medium', position: 'Bottom Right' }, rect: { x: 1706, y: 866, w: 194, h: 194 }, outside: 'above' },
  { overlay: { shape: 'Square', size: 'Small', position: 'Top Left' }, rect: { x: 20, y: 20, w: 130, h: 130 }, outside: 'below' },
  { overlay: { shape: 'Rounded Rectangle', size: 'Large', position: 'Center Center' }, rect: { x: 787, y: 411, w: 346, h: 259 }, outside: 'left' },
  { overlay: { shape: 'Circle', size: 'Small', position: 'Bottom Center' }, rect: { x: 895, y: 930, w: 130, h: 130 }, outside: 'above' },
];

for (const { overlay, rect, outside } of CASES) {
  test(`the ${overlay.size} ${overlay.shape} overlay at ${overlay.position} is burned into the file`, { tag: '@timing' }, async ({ page }, testInfo) => {
    await openStudio(page, 'Screen + Webcam', overlay);
    await startRecording(page);
    await page.waitForTimeout(2000);
    const file = testInfo.outputPath('overlay.webm');
    await stopAndDownload(page, file);
    expect((await probe(file)).video?.width).toBe(1920);
    const frame = await frameAt(file, 1);
    const cx = rect.x + rect.w / 2;

    // Inside: the camera's blue, centre-cropped (its test strip sits in the lower part).
    const [r, g, b] = meanColor(frame, cx - 10, rect.y + rect.h * 0.25, 20, 20);
    expect(b, 'camera blue inside the overlay').toBeGreaterThan(170);
    expect(r).toBeLessThan(70);
    expect(g).toBeLessThan(120);

    // The white 2 px border on the overlay's top edge, and at its left edge half-way down.
    const brightest = (points: [number, number][]) => Math.max(...points.map(([x, y]) => Math.min(...frame.pixel(x, y))));
    expect(brightest([[cx, rect.y], [cx, rect.y + 1], [cx, rect.y + 2]]), 'white border at the top edge').toBeGreaterThan(170);
    const midY = rect.y + rect.h / 2;
    expect(brightest([[rect.x, midY], [rect.x + 1, midY], [rect.x + 2, midY]]), 'white border at the left edge').toBeGreaterThan(170);

    // Outside: the screen's green test pattern.
    const probeAt =
      outside === 'above' ? { x: cx - 10, y: rect.y - 40 } : outside === 'below' ? { x: cx - 10, y: rect.y + rect.h + 20 } : { x: rect.x - 40, y: midY - 10 };
    const [or, og, ob] = meanColor(frame, probeAt.x, probeAt.y, 20, 20);
    expect(og, 'screen green outside the overlay').toBeGreaterThan(100);
    expect(or).toBeLessThan(80);
    expect(ob).toBeLessThan(80);
  });
}
