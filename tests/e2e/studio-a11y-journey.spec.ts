/**
 * Accessible in every state: axe finds no serious or critical violation, in the light and the dark
 * scheme, at each step of a studio journey: idle, recording, paused, after Stop (download card and
 * notifications up), the library with its rename field and delete confirmation open, and every dialog
 * the studio opens. Along the way: what the live region says at each change, where focus lands, and the
 * keyboard shortcuts dialog. Then the passing states, held long enough to check (acquiring the screen,
 * processing after Stop). The floating window's states are checked in webcam-window.spec.ts.
 */
import { test, expect } from './support/test';
import { expectAxeCleanInBothSchemes } from './support/axe';
import { openStudio, startRecording } from './support/studio';

declare global {
  interface Window {
    /** Lets a held step go on: the screen picker's answer, or the recorder worker's stop. */
    __release?: () => void;
  }
}

const clean = (page: Parameters<typeof expectAxeCleanInBothSchemes>[0], state: string) => expectAxeCleanInBothSchemes(page, state, { seriousOnly: true });

test('the studio journey has no serious or critical axe violations in either scheme', async ({ page }) => {
  test.setTimeout(180_000);
  await openStudio(page, 'Screen + Webcam');
  await expect(page.getByTestId('studio-preview')).toBeVisible();
  await clean(page, 'studio idle');

  // The shortcuts dialog opens with "?" and from its button, and gives focus back to what opened it.
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts.getByRole('row', { name: /Alt\+Shift\+R Start or stop recording/ })).toBeVisible();
  await clean(page, 'Keyboard shortcuts dialog');
  await page.keyboard.press('Escape');
  await expect(shortcuts).toHaveCount(0);
  const shortcutsButton = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await shortcutsButton.click();
  await expect(shortcuts).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(shortcutsButton).toBeFocused();

  const announcer = page.getByTestId('studio-announcer');
  await startRecording(page);
  await expect(announcer).toHaveText('Recording started');
  // Once a screen is chosen, the button's name is what it shows.
  await expect(page.getByRole('button', { name: 'Screen Selected', exact: true })).toBeDisabled();
  await clean(page, 'recording');

  await page.getByRole('button', { name: 'Pause recording' }).click();
  await expect(page.getByTestId('recording-badge')).toHaveText('Paused');
  await expect(announcer).toHaveText('Recording paused');
  await clean(page, 'paused');
  await page.getByRole('button', { name: 'Resume recording' }).click();
  await expect(page.getByTestId('recording-badge')).toHaveText('REC');
  await expect(announcer).toHaveText('Recording resumed');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await download;
  await expect(announcer).toHaveText('Recording saved to Your recordings');
  await expect(page.getByRole('region', { name: 'Download Video' })).toBeFocused();
  await clean(page, 'after Stop, download card and notifications up');

  await page.getByRole('region', { name: 'Download Video' }).getByRole('button', { name: 'Export as MP4' }).click();
  await expect(page.getByRole('dialog', { name: 'Export as MP4' })).toBeVisible();
  await clean(page, 'Export as MP4 dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const item = page.getByTestId('library-item').first();
  await item.getByRole('button', { name: 'Trim recording' }).click();
  await expect(page.getByRole('dialog', { name: 'Trim recording' }).getByTestId('trim-thumbnails').locator('img')).toHaveCount(8);
  await clean(page, 'Trim recording dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await item.getByRole('button', { name: /^Rename / }).click();
  const nameField = page.getByRole('textbox', { name: 'Recording name' });
  await expect(nameField).toBeFocused();
  await clean(page, 'library, rename field open');
  // Typed into a field, "?" is text, not a shortcut.
  await page.keyboard.press('?');
  await expect(nameField).toHaveValue(/\?$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await item.getByRole('button', { name: /^Delete / }).click();
  await expect(page.getByRole('button', { name: 'Delete recording' })).toBeVisible();
  await clean(page, 'library, delete confirmation open');
});

test('acquiring the screen and processing after Stop have no serious or critical axe violations in either scheme', async ({ page }) => {
  test.setTimeout(120_000);
  // Two steps are held until the test lets them go: the screen picker's answer (acquiring), and the
  // recorder worker's stop call (processing). Nothing else about them changes.
  await page.addInitScript(() => {
    const hold = () =>
      new Promise<void>((resolve) => {
        window.__release = resolve;
      });
    const pickScreen = navigator.mediaDevices.getDisplayMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getDisplayMedia = async (options) => {
      await hold();
      return pickScreen(options);
    };
    const post: (this: Worker, message: unknown, options?: StructuredSerializeOptions) => void = Reflect.get(Worker.prototype, 'postMessage');
    Object.defineProperty(Worker.prototype, 'postMessage', {
      value(this: Worker, message: unknown, options?: StructuredSerializeOptions) {
        const call = message as { type?: string; path?: string[] } | null;
        if (call?.type === 'APPLY' && call.path?.join('.') === 'stop') void hold().then(() => post.call(this, message, options));
        else post.call(this, message, options);
      },
    });
  });
  await openStudio(page, 'Screen + Webcam');
  await expect(page.getByTestId('studio-preview')).toBeVisible();
  const releaseHeld = () => page.evaluate(() => window.__release?.());

  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByRole('button', { name: 'Start recording' })).toHaveAttribute('data-loading', 'true');
  await clean(page, 'acquiring the screen');
  await releaseHeld();
  await expect(page.getByTestId('recording-badge')).toHaveText('REC', { timeout: 20_000 });

  await page.waitForTimeout(1000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByRole('button', { name: 'Start recording' })).toHaveText('Processing…');
  await expect(page.getByTestId('studio-announcer')).toHaveText('Recording stopped. Saving it…');
  await clean(page, 'processing after Stop');
  const saved = page.waitForEvent('download');
  await releaseHeld();
  await saved;
  await expect(page.getByTestId('studio-announcer')).toHaveText('Recording saved to Your recordings');
});
