import { readFile } from 'node:fs/promises';
import { test, expect } from './support/test';
import { expectAxeCleanInBothSchemes } from './support/axe';
import { SETTINGS_KEY, chooseOption, chooseTheme, colorScheme, openSettings, setBitrate, setSwitch, storedSettings } from './support/settings';

test.use({ colorScheme: 'light' });

test('every changed setting is still set after a reload', async ({ page }) => {
  await openSettings(page);
  await page.getByRole('radio', { name: /^720p/ }).check();
  await setBitrate(page, 2000);
  await chooseOption(page, 'Frame rate', '60 fps');
  await setSwitch(page, 'Start recording automatically', true);
  await chooseOption(page, 'Audio quality', 'Low (64 kbps)');
  await setSwitch(page, 'Noise suppression', false);
  await setSwitch(page, 'Echo cancellation', false);
  await setSwitch(page, 'Capture cursor', false);
  await setSwitch(page, 'Capture system audio', true);
  await setSwitch(page, 'Save recordings automatically', false);
  await chooseOption(page, 'Default webcam size', 'Large');
  await chooseOption(page, 'Default webcam position', 'Top Left');
  await chooseOption(page, 'Default webcam shape', 'Circle');
  await chooseOption(page, 'Default recording mode', 'Webcam Only');
  await chooseTheme(page, 'Dark');

  await page.reload();
  await expect(page.getByRole('radio', { name: /^720p/ })).toBeChecked();
  await expect(page.getByRole('slider', { name: 'Video bitrate' })).toHaveAttribute('aria-valuenow', '2000');
  await expect(page.getByTestId('bitrate-value')).toHaveText('2000 kbps (2 Mbps)');
  await expect(page.getByRole('combobox', { name: 'Frame rate' })).toHaveValue('60 fps');
  await expect(page.getByRole('switch', { name: 'Start recording automatically' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Audio quality' })).toHaveValue('Low (64 kbps)');
  await expect(page.getByRole('switch', { name: 'Noise suppression' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Echo cancellation' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Capture cursor' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Capture system audio' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Save recordings automatically' })).not.toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Default webcam size' })).toHaveValue('Large');
  await expect(page.getByRole('combobox', { name: 'Default webcam position' })).toHaveValue('Top Left');
  await expect(page.getByRole('combobox', { name: 'Default webcam shape' })).toHaveValue('Circle');
  await expect(page.getByRole('combobox', { name: 'Default recording mode' })).toHaveValue('Webcam Only');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');

  expect(await storedSettings(page)).toEqual({
    video: { quality: '720p', bitrate: 2000, frameRate: 60, autoStart: true },
    audio: { quality: 'low', noiseSuppression: false, echoCancellation: false },
    screen: { captureCursor: false, captureSystemAudio: true },
    storage: { autoSave: false, saveToCloud: false, cloudProvider: 'google-drive', namingConvention: 'datetime' },
    webcam: { size: 'large', position: 'top-left', shape: 'circle' },
    defaultRecordingMode: 'webcam-only',
    theme: 'dark',
  });
});

test('cloud saving is shown as not available and cannot be switched on', async ({ page }) => {
  await openSettings(page);
  await expect(page.getByText('Not available in this version')).toBeVisible();
  await expect(page.getByRole('switch', { name: /Save to cloud/ })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Cloud provider' })).toBeDisabled();
});

test('a stored or imported "save to cloud" shows off, because nothing is ever uploaded', async ({ page }) => {
  await page.addInitScript((key) => {
    localStorage.setItem(key, JSON.stringify({ storage: { saveToCloud: true, autoSave: false } }));
  }, SETTINGS_KEY);
  await openSettings(page);
  const cloud = page.getByRole('switch', { name: /Save to cloud/ });
  await expect(cloud).toBeDisabled();
  await expect(cloud).not.toBeChecked();
  // The valid setting next to it still applies.
  await expect(page.getByRole('switch', { name: 'Save recordings automatically' })).not.toBeChecked();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import Settings' }).click();
  const imported = JSON.stringify({ storage: { saveToCloud: true, autoSave: true }, theme: 'dark' });
  await (await chooser).setFiles({ name: 'cloud.json', mimeType: 'application/json', buffer: Buffer.from(imported) });
  await expect(page.getByText('Your settings have been imported successfully.')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Save recordings automatically' })).toBeChecked();
  await expect(cloud).not.toBeChecked();
  expect(await storedSettings(page)).toMatchObject({ storage: { saveToCloud: false } });
});

test('a change in one tab shows in the other tab without a reload', async ({ page, context }) => {
  await openSettings(page);
  const other = await context.newPage();
  await openSettings(other);
  await setBitrate(page, 7500);
  await chooseOption(page, 'Audio quality', 'Medium (128 kbps)');
  await chooseTheme(page, 'Dark');
  await expect(other.getByRole('slider', { name: 'Video bitrate' })).toHaveAttribute('aria-valuenow', '7500');
  await expect(other.getByRole('combobox', { name: 'Audio quality' })).toHaveValue('Medium (128 kbps)');
  await expect(other.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(colorScheme(other)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await other.close();
});

test('export, reset, then import the exported file brings the settings back', async ({ page }, info) => {
  await openSettings(page);
  await page.getByRole('radio', { name: /^4K/ }).check();
  await setBitrate(page, 8500);
  await chooseOption(page, 'Default webcam shape', 'Square');
  await chooseTheme(page, 'Dark');
  const before = await storedSettings(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Settings' }).click();
  const file = await download;
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  expect(file.suggestedFilename()).toBe(`framecast-settings-${today}.json`);
  await expect(page.getByText('Your settings have been exported to a JSON file.')).toBeVisible();
  const exported = info.outputPath(file.suggestedFilename());
  await file.saveAs(exported);
  expect(JSON.parse(await readFile(exported, 'utf8'))).toEqual(before);

  await page.getByRole('button', { name: 'Reset to Defaults' }).click();
  await expect(page.getByText('All settings have been reset to default values.')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^1080p/ })).toBeChecked();
  await expect(page.getByRole('slider', { name: 'Video bitrate' })).toHaveAttribute('aria-valuenow', '5000');
  await expect(page.getByRole('combobox', { name: 'Default webcam shape' })).toHaveValue('Rounded Rectangle');
  await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import Settings' }).click();
  await (await chooser).setFiles(exported);
  await expect(page.getByText('Your settings have been imported successfully.')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^4K/ })).toBeChecked();
  await expect(page.getByRole('slider', { name: 'Video bitrate' })).toHaveAttribute('aria-valuenow', '8500');
  await expect(page.getByRole('combobox', { name: 'Default webcam shape' })).toHaveValue('Square');
  await expect(colorScheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await storedSettings(page)).toEqual(before);
});

for (const [label, text] of [
  ['text that is not JSON', 'this is not a settings file {'],
  ['JSON that does not match the settings', JSON.stringify({ video: { quality: '720p', bitrate: 123456 }, theme: 'neon' })],
] as const) {
  test(`importing ${label} shows the failure and changes nothing`, async ({ page }) => {
    await openSettings(page);
    await setBitrate(page, 3000);
    const before = await page.evaluate((key) => localStorage.getItem(key), SETTINGS_KEY);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import Settings' }).click();
    await (await chooser).setFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect(page.getByText('Import Failed')).toBeVisible();
    await expect(page.getByText('Failed to import settings. Please check the file format.')).toBeVisible();
    await expectAxeCleanInBothSchemes(page, `settings, import of ${label} failed`, { seriousOnly: true });
    await expect(page.getByRole('slider', { name: 'Video bitrate' })).toHaveAttribute('aria-valuenow', '3000');
    await expect(page.getByRole('radio', { name: /^1080p/ })).toBeChecked();
    expect(await page.evaluate((key) => localStorage.getItem(key), SETTINGS_KEY)).toBe(before);
  });
}

test('the theme setting and the header toggle are one setting that applies at once', async ({ page }) => {
  await openSettings(page);
  const html = colorScheme(page);
  await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await chooseTheme(page, 'Dark');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const dark = await background();

  // The header toggle cycles light → dark → system; from dark it goes to system (light here).
  await page.getByRole('button', { name: /^Colour scheme: dark/ }).click();
  await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  expect(await background()).not.toBe(dark);
  await page.getByRole('button', { name: /^Colour scheme: system/ }).click();
  await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked();

  // Everywhere: another page of the app opens in the chosen scheme.
  await chooseTheme(page, 'Dark');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('button', { name: /^Colour scheme: dark/ })).toBeVisible();
});

test('a corrupt stored value never breaks the app: the defaults show', async ({ page }) => {
  for (const stored of ['{not json', '[]', JSON.stringify({ video: { bitrate: 'x'.repeat(10_000) }, audio: null, theme: 42 })]) {
    await page.addInitScript(
      ([key, value]) => {
        localStorage.setItem(key, value);
      },
      [SETTINGS_KEY, stored] as const,
    );
    await openSettings(page);
    await expect(page.getByRole('radio', { name: /^1080p/ })).toBeChecked();
    await expect(page.getByRole('slider', { name: 'Video bitrate' })).toHaveAttribute('aria-valuenow', '5000');
    await expect(page.getByRole('combobox', { name: 'Audio quality' })).toHaveValue('High (256 kbps)');
  }
});

test('the studio opens with the default mode and webcam overlay from Settings', async ({ page }) => {
  await openSettings(page);
  await chooseOption(page, 'Default webcam size', 'Small');
  await chooseOption(page, 'Default webcam position', 'Top Center');
  await chooseOption(page, 'Default webcam shape', 'Square');
  await page.goto('/studio');
  await expect(page.getByRole('radio', { name: 'Screen + Webcam' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Webcam size' })).toHaveValue('Small');
  await expect(page.getByRole('combobox', { name: 'Webcam position' })).toHaveValue('Top Center');
  await expect(page.getByRole('combobox', { name: 'Webcam shape' })).toHaveValue('Square');

  await page.goto('/settings');
  await chooseOption(page, 'Default recording mode', 'Screen Only');
  await page.goto('/studio');
  await expect(page.getByRole('radio', { name: 'Screen Only' })).toBeChecked();
});
