import { test, expect } from './support/test';
import { axeFindings, expectAxeCleanInBothSchemes } from './support/axe';
import { allUserTracks, microphoneTracks, watchUserMedia } from './support/user-media';
import { box, cameraTrack, chooseShape, dragHeader, grabResizeHandle, openFromStudio, webcamWindow } from './support/webcam-window';

test.use({ viewport: { width: 1280, height: 800 } });

test('opened from the studio, it shows the live camera', async ({ page }) => {
  const win = await openFromStudio(page);
  const video = win.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(t0);
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
});

test("opened from Home's Quick Start, the live webcam plays and the dialog closes", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open Persistent Webcam' }).click();
  const dialog = page.getByRole('dialog', { name: 'Persistent Webcam' });
  await expect(dialog).toBeVisible();
  await expectAxeCleanInBothSchemes(page, "Home's Persistent Webcam dialog", { seriousOnly: true });
  await dialog.getByRole('button', { name: 'Open Floating Webcam' }).click();
  await expect(dialog).toHaveCount(0);
  const win = webcamWindow(page);
  await expect(win.getByTestId('webcam-status')).toHaveText('Connected', { timeout: 15_000 });
  const video = win.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  const t0 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(t0);
});

test('dragging the header moves it, and the arrow keys move it too', async ({ page }) => {
  const win = await openFromStudio(page);
  const before = await box(win);
  await dragHeader(page, win, -300, -200);
  const moved = await box(win);
  expect(moved.x).toBe(before.x - 300);
  expect(moved.y).toBe(before.y - 200);
  expect(moved.width).toBe(before.width);

  await win.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowUp');
  const nudged = await box(win);
  expect(nudged.x).toBe(moved.x - 20);
  expect(nudged.y).toBe(moved.y - 50);
});

test('it cannot be dragged out of the viewport, and stays inside when the viewport shrinks', async ({ page }) => {
  const win = await openFromStudio(page);
  await dragHeader(page, win, 2000, 2000);
  let b = await box(win);
  expect(b.x + b.width).toBeLessThanOrEqual(1280);
  expect(b.y + b.height).toBeLessThanOrEqual(800);
  await page.setViewportSize({ width: 700, height: 500 });
  await expect.poll(async () => (await box(win)).x + (await box(win)).width).toBeLessThanOrEqual(700);
  b = await box(win);
  expect(b.y + b.height).toBeLessThanOrEqual(500);
  expect(b.x).toBeGreaterThanOrEqual(0);
});

test('resizing below 200 x 150 stops at 200 x 150', async ({ page }) => {
  const win = await openFromStudio(page);
  await dragHeader(page, win, -500, -300);
  const before = await box(win);
  const moveHandle = await grabResizeHandle(page, win);
  await moveHandle(60, 40);
  expect(await box(win)).toMatchObject({ width: before.width + 60, height: before.height + 40 });
  await moveHandle(-600, -600);
  await page.mouse.up();
  expect(await box(win)).toMatchObject({ x: before.x, y: before.y, width: 200, height: 150 });
});

test('in square and circle the width stays equal to the height while resizing', async ({ page }) => {
  const win = await openFromStudio(page);
  await dragHeader(page, win, -500, -300);
  for (const shape of ['square', 'circle'] as const) {
    await chooseShape(win, shape);
    let b = await box(win);
    expect(b.width).toBe(b.height);
    const moveHandle = await grabResizeHandle(page, win);
    for (const [dx, dy] of [[120, 0], [0, 90], [150, -40], [-60, 20], [-400, -400], [30, 200]] as const) {
      await moveHandle(dx, dy);
      b = await box(win);
      expect(b.width, `after dragging by ${dx}, ${dy}`).toBe(b.height);
      expect(b.width).toBeGreaterThanOrEqual(200);
    }
    await page.mouse.up();
  }
});

test('minimise to a bar and restore', async ({ page }) => {
  const win = await openFromStudio(page);
  const before = await box(win);
  await win.getByRole('button', { name: 'Minimise webcam window' }).click();
  await expect(win.locator('video')).toHaveCount(0);
  await expect(win.getByTestId('webcam-status')).toHaveText('Connected');
  expect((await box(win)).height).toBeLessThan(60);
  await win.getByRole('button', { name: 'Restore webcam window' }).click();
  await expect(win.locator('video')).toHaveCount(1);
  expect(await box(win)).toEqual(before);
  await expect(win.getByTestId('webcam-status')).toHaveText('Connected');
});

test('the camera toggle flips its track; the microphone is opened only when turned on, shows its level, and is released when turned off', async ({ page }) => {
  await watchUserMedia(page);
  const win = await openFromStudio(page);
  expect(await cameraTrack(win)).toEqual({ enabled: true, readyState: 'live' });
  // Nothing plays or records the window's sound, so the microphone stays closed until asked for.
  expect(await microphoneTracks(page)).toEqual([]);

  await win.getByRole('button', { name: 'Turn camera off' }).click();
  await expect(win.getByText('Camera off')).toBeVisible();
  expect((await cameraTrack(win))?.enabled).toBe(false);
  await win.getByRole('button', { name: 'Turn camera on' }).click();
  expect(await cameraTrack(win)).toEqual({ enabled: true, readyState: 'live' });
  await expect(win.getByText('Camera off')).toHaveCount(0);

  await win.getByRole('button', { name: 'Turn microphone on' }).click();
  await expect(win.getByRole('button', { name: 'Turn microphone off' })).toBeVisible();
  await expect.poll(() => microphoneTracks(page)).toEqual([{ enabled: true, readyState: 'live' }]);
  // The window shows what the microphone hears: the fixture's sound moves the meter.
  const meter = win.getByRole('progressbar', { name: 'Microphone level' });
  await expect.poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(30);
  await win.getByRole('button', { name: 'Turn microphone off' }).click();
  await expect(win.getByRole('button', { name: 'Turn microphone on' })).toBeVisible();
  await expect(meter).toHaveCount(0);
  await expect.poll(() => microphoneTracks(page)).toEqual([{ enabled: true, readyState: 'ended' }]);
  expect(await cameraTrack(win)).toEqual({ enabled: true, readyState: 'live' });
});

test('a stopped camera shows Disconnected, and Reconnect brings it back', async ({ page }) => {
  const win = await openFromStudio(page);
  await win.locator('video').evaluate((video: HTMLVideoElement) => {
    (video.srcObject as MediaStream).getVideoTracks().forEach((track) => {
      track.stop();
    });
  });
  await expect(win.getByTestId('webcam-status')).toHaveText('Disconnected');
  await win.getByRole('button', { name: 'Reconnect' }).click();
  await expect(win.getByTestId('webcam-status')).toHaveText('Connected');
  expect((await cameraTrack(win))?.readyState).toBe('live');
});

test('a camera busy in another app on Reconnect keeps the window open as Disconnected, and says why', async ({ page }) => {
  await watchUserMedia(page);
  const win = await openFromStudio(page);
  await win.locator('video').evaluate((video: HTMLVideoElement) => {
    (video.srcObject as MediaStream).getVideoTracks().forEach((track) => {
      track.stop();
    });
    window.__cameraBusy = true;
  });
  await expect(win.getByTestId('webcam-status')).toHaveText('Disconnected');
  await win.getByRole('button', { name: 'Reconnect' }).click();
  await expect(win.getByText('Your camera is in use by another app')).toBeVisible();
  await expect(win.getByTestId('webcam-status')).toHaveText('Disconnected');
  await expect(page.getByText('Webcam Access Denied')).toHaveCount(0);

  await page.evaluate(() => {
    window.__cameraBusy = false;
  });
  await win.getByRole('button', { name: 'Reconnect' }).click();
  await expect(win.getByTestId('webcam-status')).toHaveText('Connected');
  await expect(win.getByText('Your camera is in use by another app')).toHaveCount(0);
  expect((await cameraTrack(win))?.readyState).toBe('live');
});

test('closing it stops the camera and the microphone, and focus returns to the launcher', async ({ page }) => {
  await watchUserMedia(page);
  const win = await openFromStudio(page);
  await win.getByRole('button', { name: 'Turn microphone on' }).click();
  await expect.poll(() => microphoneTracks(page)).toHaveLength(1);
  const close = win.getByRole('button', { name: 'Close webcam window' });
  await close.focus();
  await page.keyboard.press('Enter');
  await expect(win).toHaveCount(0);
  const tracks = await allUserTracks(page);
  expect(tracks.map((t) => t.kind).sort()).toEqual(['audio', 'video']);
  expect(tracks.every((t) => t.readyState === 'ended')).toBe(true);
  await expect(page.getByRole('button', { name: 'Open Floating Webcam' })).toBeFocused();
});

test('keyboard focus follows minimise and restore, and Escape leaves the window for its launcher', async ({ page }) => {
  const win = await openFromStudio(page);
  const launcher = page.locator('[data-webcam-window-launcher]');
  await win.getByRole('button', { name: 'Minimise webcam window' }).focus();
  await page.keyboard.press('Enter');
  await expect(win.getByRole('button', { name: 'Restore webcam window' })).toBeFocused();
  // Minimised, Escape goes back to the page and the bar stays.
  await page.keyboard.press('Escape');
  await expect(launcher).toBeFocused();
  await expect(win.getByRole('button', { name: 'Restore webcam window' })).toBeVisible();
  await win.getByRole('button', { name: 'Restore webcam window' }).focus();
  await page.keyboard.press('Enter');
  await expect(win.getByRole('button', { name: 'Minimise webcam window' })).toBeFocused();
  // And on from there, as before: Tab reaches Close.
  await page.keyboard.press('Tab');
  await expect(win.getByRole('button', { name: 'Close webcam window' })).toBeFocused();
  // Open, Escape goes back to the page too, and the window stays.
  await page.keyboard.press('Escape');
  await expect(launcher).toBeFocused();
  await expect(win.getByRole('button', { name: 'Close webcam window' })).toBeVisible();
});

test("closed from the keyboard where no launcher is left (Home's dialog closed), focus goes to the page", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open Persistent Webcam' }).click();
  await page.getByRole('dialog', { name: 'Persistent Webcam' }).getByRole('button', { name: 'Open Floating Webcam' }).click();
  const win = webcamWindow(page);
  await expect(win.getByTestId('webcam-status')).toHaveText('Connected', { timeout: 15_000 });
  await win.getByRole('button', { name: 'Close webcam window' }).focus();
  await page.keyboard.press('Enter');
  await expect(win).toHaveCount(0);
  await expect(page.locator('main')).toBeFocused();
});

test('the window and its resize handle tell keyboard users how to move and resize them', async ({ page }) => {
  const win = await openFromStudio(page);
  await expect(win).toHaveAccessibleDescription('Arrow keys move the window; Shift moves it further.');
  await expect(win).toHaveAttribute('aria-keyshortcuts', /(^| )ArrowLeft( |$)/);
  await expect(win).toHaveAttribute('aria-keyshortcuts', /Shift\+ArrowDown/);
  const handle = win.getByRole('button', { name: 'Resize webcam window' });
  await expect(handle).toHaveAccessibleDescription(/^Arrow keys resize the window/);
  await expect(handle).toHaveAttribute('aria-keyshortcuts', /Shift\+ArrowRight/);

  // Sighted keyboard users see the hint while the window has keyboard focus.
  const hint = win.getByText('Arrow keys move the window; Shift moves it further.');
  expect((await hint.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
  await win.getByRole('button', { name: 'Minimise webcam window' }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(win).toBeFocused();
  await expect.poll(async () => (await hint.boundingBox())?.width ?? 0).toBeGreaterThan(100);

  // The minimised bar moves by arrow keys too, and says so.
  await win.getByRole('button', { name: 'Minimise webcam window' }).click();
  await expect(win).toHaveAccessibleDescription('Arrow keys move the window; Shift moves it further.');
});

test('position, size and shape survive a reload', async ({ page }) => {
  let win = await openFromStudio(page);
  await dragHeader(page, win, -400, -250);
  await chooseShape(win, 'circle');
  const saved = await box(win);
  await page.reload();
  await page.getByRole('button', { name: 'Open Floating Webcam' }).click();
  win = webcamWindow(page);
  await expect(win).toHaveAttribute('data-shape', 'circle');
  expect(await box(win)).toEqual(saved);
});

test('it stays open while moving between pages', async ({ page }) => {
  const win = await openFromStudio(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help Center');
  await expect(win.getByTestId('webcam-status')).toHaveText('Connected');
  await expect.poll(() => win.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
});

test('pop out moves it into an always-on-top window, and closing that brings it back', async ({ page, context }) => {
  await page.goto('/studio');
  const hasPip = await page.evaluate(() => 'documentPictureInPicture' in window);
  test.skip(!hasPip, 'This browser has no Document Picture-in-Picture, so the pop-out button is not shown');
  const win = await openFromStudio(page);
  const pipOpened = context.waitForEvent('page');
  await win.getByRole('button', { name: 'Pop out webcam window' }).click();
  const pip = await pipOpened;
  const pipVideo = pip.locator('video');
  await expect(pipVideo).toHaveCount(1);
  await expect.poll(() => pipVideo.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  await expect(pip.getByTestId('webcam-status')).toHaveText('Connected');
  // The page keeps a small bar to bring it back; the picture itself is only in the pop-out.
  await expect(page.locator('video[data-testid="webcam-window-video"]')).toHaveCount(0);
  const returnButton = webcamWindow(page).getByRole('button', { name: 'Return webcam to page' });
  await expect(returnButton).toBeVisible();
  // Focus stays in the page, on the control that brings the window back.
  await expect(returnButton).toBeFocused();

  await pip.close();
  await expect(webcamWindow(page).getByRole('button', { name: 'Resize webcam window' })).toBeVisible();
  await expect(webcamWindow(page)).toBeFocused();
  await expect(webcamWindow(page).getByTestId('webcam-status')).toHaveText('Connected');
  await expect.poll(() => webcamWindow(page).locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the open window and its minimised bar pass axe in the ${colorScheme} scheme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    const win = await openFromStudio(page);
    const scan = () => axeFindings(page, { include: 'section[aria-label="Webcam window"]' });
    expect(await scan()).toEqual([]);
    await win.getByRole('button', { name: 'Minimise webcam window' }).click();
    expect(await scan()).toEqual([]);
  });
}
