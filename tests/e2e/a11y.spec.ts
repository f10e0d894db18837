import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './support/test';
import { ALL_ROUTES } from './support/routes';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`axe in the ${colorScheme} scheme`, () => {
    test.use({ colorScheme });
    for (const path of ALL_ROUTES) {
      test(`${path} has no violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  });
}
