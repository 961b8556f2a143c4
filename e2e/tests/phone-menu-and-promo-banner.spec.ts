import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';

// Runs in the `phone` project only (playwright.config.ts): 360 px, touch.

test('on a phone the menu opens with the links and search, and the promo banner can be dismissed', async ({
  page,
}) => {
  await page.goto('/');
  const banner = page.getByRole('complementary', { name: 'Promotion' });
  await expect(banner).toContainText('up to 60% off');
  await page.getByRole('button', { name: 'Dismiss promotion' }).click();
  await expect(banner).toHaveCount(0);

  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link', { name: 'Categories' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await menu.getByRole('combobox', { name: 'Search products and categories' }).fill('sofaa');
  await menu.getByRole('option').first().click();
  await expect(page).toHaveURL('/category/sofas');
  await expect(page.getByRole('heading', { name: 'Sofas Collection' })).toBeVisible();
  await expect(menu).toHaveCount(0);

  await page.goto('/');
  await page.getByRole('button', { name: 'Shop Now' }).click();
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeInViewport();
});
