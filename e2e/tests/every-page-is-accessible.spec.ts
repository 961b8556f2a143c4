import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';

// Each route with the heading that shows it has finished loading. Home, categories, a category, a
// product, the cart, contact, signup, wishlist (signed in), profile and 404 are scanned in their journeys;
// so are the admin's screens (admin-*.spec.ts), the set-password form and the forgot-password
// confirmation among them. Here: the admin pages a signed-out visitor reaches.
const PAGES: [string, string][] = [
  ['/products', 'All Products'],
  ['/search?q=sofa', 'Search results for “sofa”'],
  ['/categories/living-room', 'Living Room Collection'],
  ['/login', 'Welcome Back'],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/wishlist', 'Please login to view your wishlist'],
  ['/admin/login', 'Admin Login'],
  ['/admin/forgot-password', 'Reset your password'],
  ['/admin/set-password', 'Set a new password'],
];

for (const [path, heading] of PAGES) {
  test(`${path} has a title and no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page).toHaveTitle(/FurniCraft/);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
}
