import { test, expect } from './support/test';
import { ALL_ROUTES } from './support/routes';
import { expectAxeCleanInBothSchemes } from './support/axe';

for (const path of ALL_ROUTES) {
  test(`${path} has no axe violations in the light and the dark scheme`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAxeCleanInBothSchemes(page, `${path} at load`);
  });
}
