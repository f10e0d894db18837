/** Content pages as a visitor uses them: the FAQ filter, the contact blocks, the tables. */
import { expect, test } from './support/test';

test('the FAQ category chips are one radio group: arrow keys move between them and filter', async ({ page }) => {
  await page.goto('/help');
  const group = page.getByRole('radiogroup', { name: 'Show questions about' });
  const all = group.getByRole('radio', { name: 'All' });
  await expect(all).toBeChecked();
  await all.focus();
  await page.keyboard.press('ArrowRight');
  const recording = group.getByRole('radio', { name: 'Recording' });
  await expect(recording).toBeChecked();
  await expect(recording).toBeFocused();
  await expect(page.getByText('3 of 12 questions, about recording')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(group.getByRole('radio', { name: 'Audio' })).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(recording).toBeChecked();
  // One tab stop for the whole row, as for any radio group.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).not.toBe('radio');
});

test.describe('with no contact address configured', () => {
  test('Help points to the answers on the page itself, never to itself', async ({ page }) => {
    await page.goto('/help');
    const block = page.getByRole('region', { name: 'Still stuck?' });
    await expect(block).toBeVisible();
    await expect(block.locator('a[href^="mailto:"]')).toHaveCount(0);
    await expect(block.locator('a[href="/help"]')).toHaveCount(0);
    await block.getByRole('link', { name: 'frequently asked questions' }).click();
    await expect(page).toHaveURL(/\/help#faq$/);
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeInViewport();
    await block.getByRole('link', { name: 'step-by-step guides' }).click();
    await expect(page.getByRole('heading', { name: 'All guides' })).toBeInViewport();
  });

  for (const [route, question] of [
    ['/privacy', 'Questions about privacy?'],
    ['/terms', 'Questions about these terms?'],
  ] as const) {
    test(`${route} shows its own question and leads to the Help Center`, async ({ page }) => {
      await page.goto(route);
      const block = page.getByRole('region', { name: question });
      await expect(block.getByRole('heading', { name: question })).toBeVisible();
      await expect(block).not.toContainText(/write to us/i);
      await block.getByRole('link', { name: 'Go to the Help Center' }).click();
      await expect(page).toHaveURL(/\/help$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help Center');
    });
  }

  test('Home promises no way to reach us', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('main')).not.toContainText(/way to reach us|contact us|write to us/i);
  });
});

test('an audience page names its audience as written', async ({ page }) => {
  await page.goto('/for/youtube-content-creators');
  await expect(page.getByRole('heading', { level: 2, name: 'Why YouTube content creators choose Framecast' })).toBeVisible();
});

test('a comparison table names each row’s winner in full, with rows that stripe and a caption below', async ({ page }) => {
  // A laptop's width, where the Winner column is at its narrowest before the table scrolls.
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/vs/loom');
  const table = page.getByRole('table').filter({ hasText: 'Winner' });
  await expect(table.getByRole('columnheader')).toHaveText(['Feature', 'Framecast', 'Loom', 'Winner']);
  const winners = table.locator('tbody tr td:last-child');
  // No winner is cut short to fit its column ("Framec…").
  for (const winner of await winners.all()) expect(await winner.evaluate((cell) => [...cell.querySelectorAll('*')].every((e) => e.scrollWidth <= e.clientWidth))).toBe(true);
  await expect(winners.first()).toHaveText('Framecast');
  const stripes = await table.locator('tbody tr').evaluateAll((rows) => rows.slice(0, 2).map((row) => getComputedStyle(row).backgroundColor));
  expect(stripes[0]).not.toBe(stripes[1]);
  const [tableBox, captionBox] = await Promise.all([table.locator('tbody').boundingBox(), table.locator('caption').boundingBox()]);
  expect(captionBox?.y).toBeGreaterThan((tableBox?.y ?? 0) + (tableBox?.height ?? 0) - 1);
});

test('Features labels the quality table as reference bitrates and lists browser minimums', async ({ page }) => {
  await page.goto('/features');
  const quality = page.getByRole('table').filter({ hasText: 'Resolution' });
  await expect(quality.getByRole('columnheader', { name: 'Reference bitrate' })).toBeVisible();
  await expect(quality).not.toContainText(/recommended/i);
  await expect(quality.getByRole('row', { name: /^1440p/ })).toContainText('Not a setting');
  await expect(quality.locator('caption')).toContainText('1 to 10 Mbps');
  const browsers = page.getByRole('table').filter({ hasText: 'Minimum' });
  await expect(browsers.getByRole('columnheader')).toHaveText(['Browser', 'Minimum', 'Notes']);
  for (const [name, minimum] of [
    ['Chrome', '94+'],
    ['Edge', '94+'],
    ['Firefox', '132+'],
    ['Safari', '18.4+'],
  ] as const) {
    await expect(browsers.getByRole('row', { name: new RegExp(`^${name}`) })).toContainText(minimum);
  }
});
