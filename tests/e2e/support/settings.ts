/** Drives the Settings page like a user: by labels, with the mouse and the keyboard. */
import type { Page } from '@playwright/test';
import { expect } from './test';

export const SETTINGS_KEY = 'framecast-settings';

export async function openSettings(page: Page): Promise<void> {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label })).toHaveValue(option);
}

/** Home jumps to 1000 kbps; each Arrow Right adds one 500 kbps step. */
export async function setBitrate(page: Page, kbps: number): Promise<void> {
  const slider = page.getByRole('slider', { name: 'Video bitrate' });
  await slider.focus();
  await page.keyboard.press('Home');
  for (let value = 1000; value < kbps; value += 500) await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', String(kbps));
}

export async function setSwitch(page: Page, label: string, on: boolean): Promise<void> {
  const toggle = page.getByRole('switch', { name: label });
  await toggle.setChecked(on);
  await expect(toggle).toBeChecked({ checked: on });
}

export async function chooseTheme(page: Page, theme: 'Light' | 'Dark' | 'System'): Promise<void> {
  await page.getByRole('radiogroup', { name: 'Theme' }).locator('label', { hasText: theme }).click();
  await expect(page.getByRole('radio', { name: theme })).toBeChecked();
}

export const storedSettings = (page: Page): Promise<unknown> =>
  page.evaluate((key) => {
    const text = localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  }, SETTINGS_KEY);

export const colorScheme = (page: Page) => page.locator('html');
