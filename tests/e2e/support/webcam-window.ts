/** The floating webcam window as a user meets it: a region named "Webcam window". */
import type { Locator, Page } from '@playwright/test';
import { expect } from './test';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const webcamWindow = (page: Page): Locator => page.getByRole('region', { name: 'Webcam window' });

/** Opens the window from the studio's Quick Setup card and waits for live video. */
export async function openFromStudio(page: Page): Promise<Locator> {
  // Screen Only, so the only camera these tests see opened is the window's own (a webcam mode
  // would bring up the studio's camera at the first click).
  await page.goto('/studio?mode=screen-only');
  await page.getByRole('button', { name: 'Open Floating Webcam' }).click();
  const win = webcamWindow(page);
  await expect(win).toBeVisible();
  await expect(win.getByTestId('webcam-status')).toHaveText('Connected', { timeout: 15_000 });
  return win;
}

export async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
}

/** A point on the header away from its buttons: just right of the grip icon. */
async function headerGrip(win: Locator): Promise<{ x: number; y: number }> {
  const header = await box(win.getByTestId('webcam-window-header'));
  return { x: header.x + 10, y: header.y + header.height / 2 };
}

export async function dragHeader(page: Page, win: Locator, dx: number, dy: number): Promise<void> {
  const from = await headerGrip(win);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 8 });
  await page.mouse.up();
}

/** Presses on the resize handle; returns a function that moves it by (dx, dy) from where it started. */
export async function grabResizeHandle(page: Page, win: Locator): Promise<(dx: number, dy: number) => Promise<void>> {
  const handle = await box(win.getByRole('button', { name: 'Resize webcam window' }));
  const start = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  return (dx, dy) => page.mouse.move(start.x + dx, start.y + dy, { steps: 4 });
}

/** Chooses a shape with the shape button, which cycles rectangle → square → circle. */
export async function chooseShape(win: Locator, shape: 'rectangle' | 'square' | 'circle'): Promise<void> {
  for (let i = 0; i < 3 && (await win.getAttribute('data-shape')) !== shape; i++) {
    await win.getByRole('button', { name: /^Shape: / }).click();
  }
  await expect(win).toHaveAttribute('data-shape', shape);
}

/** The state of the window's camera track, read from its video element. */
export const cameraTrack = (win: Locator) =>
  win.locator('video').evaluate((video: HTMLVideoElement) => {
    const stream = video.srcObject as MediaStream | null;
    const [camera] = stream?.getVideoTracks() ?? [];
    return camera ? { enabled: camera.enabled, readyState: camera.readyState } : null;
  });
