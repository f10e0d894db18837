/**
 * Moves focus the way a keyboard user does, with Tab (or Shift+Tab), never by clicking or by
 * focusing an element from script, so a control out of the tab order fails the test.
 */
import type { Locator, Page } from '@playwright/test';

export async function tabTo(page: Page, target: Locator, options: { backwards?: boolean; maxPresses?: number } = {}): Promise<void> {
  const key = options.backwards ? 'Shift+Tab' : 'Tab';
  const max = options.maxPresses ?? 80;
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${String(max)} presses of ${key} never reached ${target.toString()}`);
}
