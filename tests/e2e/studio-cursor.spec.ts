import type { Page } from '@playwright/test';
import { test, expect } from './support/test';
import { BASE_ARGS, DESKTOP_CHROMIUM_PATH } from './support/chromium';
import { chooseOption, openSettings, setSwitch } from './support/settings';
import { captureScreenStreams } from './support/studio';

// No fake devices here: Chromium captures the tab titled below for real, with the pointer drawn on
// it as on any real screen, window or tab, and it ignores `cursor: 'never'` (its settings say so).
const TAB_TITLE = 'Framecast pointer test tab';
const POINTER_NOTICE = 'This browser always records the mouse pointer';

test.use({
  launchOptions: {
    executablePath: DESKTOP_CHROMIUM_PATH,
    args: [...BASE_ARGS, `--auto-select-tab-capture-source-by-title=${TAB_TITLE}`],
  },
});

async function openTabToShare(page: Page): Promise<void> {
  const tab = await page.context().newPage();
  await tab.setContent(`<title>${TAB_TITLE}</title><h1>Shared tab</h1>`);
}

async function selectTab(page: Page): Promise<void> {
  const controls = page.getByRole('toolbar', { name: 'Recording controls' });
  await controls.getByRole('button', { name: 'Select Screen', exact: true }).click();
  // While a screen is shared the button is named for what it shows, and disabled.
  await expect(controls.getByRole('button', { name: 'Screen Selected', exact: true })).toBeDisabled({ timeout: 20_000 });
}

test('with Capture cursor off, the studio says once that the pointer is recorded anyway', async ({ page }) => {
  await captureScreenStreams(page);
  await openTabToShare(page);
  await openSettings(page);
  await setSwitch(page, 'Capture cursor', false);
  await expect(page.getByText('where the browser supports it')).toBeVisible();
  await chooseOption(page, 'Default recording mode', 'Screen Only');
  await page.goto('/studio');
  await selectTab(page);
  const reported = await page.evaluate(() => {
    const settings = window.__screenStreams?.at(-1)?.getVideoTracks()[0]?.getSettings();
    return (settings as { cursor?: string } | undefined)?.cursor;
  });
  expect(reported).not.toBe('never');
  await expect(page.getByText(POINTER_NOTICE)).toHaveCount(1);

  // Sharing again in the same visit does not repeat it.
  await page.evaluate(() => {
    const track = window.__screenStreams?.at(-1)?.getVideoTracks()[0];
    track?.stop();
    track?.dispatchEvent(new Event('ended'));
  });
  await expect(page.getByRole('toolbar', { name: 'Recording controls' }).getByRole('button', { name: 'Select Screen', exact: true })).toBeEnabled();
  await selectTab(page);
  await expect(page.getByText(POINTER_NOTICE)).toHaveCount(1);
});

test('with Capture cursor on, the pointer is wanted and nothing is said', async ({ page }) => {
  await openTabToShare(page);
  await openSettings(page);
  await chooseOption(page, 'Default recording mode', 'Screen Only');
  await page.goto('/studio');
  await selectTab(page);
  await page.waitForTimeout(500);
  await expect(page.getByText(POINTER_NOTICE)).toHaveCount(0);
});
