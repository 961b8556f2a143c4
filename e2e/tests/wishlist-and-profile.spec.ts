import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { header } from './support/header';
import { signUpAndConfirm } from './support/sign-up';

function signUp(page: Page) {
  return signUpAndConfirm(page, {
    name: 'Ravi Kumar',
    email: `ravi-${Date.now()}@example.com`,
    phone: '9812345678',
    password: 'furniture-2026',
  });
}

test('a visitor is asked to log in for the wishlist', async ({ page }) => {
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name: 'Please login to view your wishlist' })).toBeVisible();
  await page.goto('/product/1');
  await page.getByRole('button', { name: 'Add to Wishlist' }).click();
  await expect(page.getByText('Please login to add items to your wishlist.')).toBeVisible();
});

test('a customer saves a product to the wishlist, removes it, and edits the profile', async ({ page }) => {
  await signUp(page);

  await page.goto('/product/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Aarav 3-Seater Fabric Sofa' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Wishlist' }).click();
  await expect(page.getByText('Added to wishlist!')).toBeVisible();

  await (await header(page)).getByRole('link', { name: 'Wishlist' }).click();
  const items = page.getByRole('list', { name: 'Wishlist items' });
  await expect(items.getByRole('heading', { name: 'Aarav 3-Seater Fabric Sofa' })).toBeVisible();
  await expect(
    items.getByRole('link', { name: 'View Details of Aarav 3-Seater Fabric Sofa' }),
  ).toHaveAttribute('href', '/product/1');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Remove Aarav 3-Seater Fabric Sofa from wishlist' }).click();
  await expect(page.getByText('Removed from wishlist!')).toBeVisible();
  await expect(page.getByText('Your wishlist is empty')).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByText('Ravi Kumar')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Full Name').fill('Ravi K. Sharma');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText('Ravi K. Sharma')).toBeVisible();

  await page.getByRole('tab', { name: 'Order History' }).click();
  await expect(page.getByText('You have not placed any orders yet.')).toBeVisible();

  // The address book: checked as the checkout checks it, saved in the database, there after a reload.
  await page.getByRole('tab', { name: 'Address' }).click();
  await expect(page.getByText('You have not saved an address yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Address' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Full Name').fill('Ravi K. Sharma');
  await panel.getByLabel('Phone Number').fill('98123 45678');
  await panel.getByLabel('Address').fill('14 Residency Road');
  await panel.getByLabel('Pincode').fill('056002');
  await panel.getByLabel('City').fill('Bengaluru');
  await panel.getByLabel('State').selectOption('Karnataka');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('Enter a 6-digit pincode')).toBeVisible();
  // A pincode from the directory fills City and State; the shopper's own spelling of the city stays.
  await panel.getByLabel('Pincode').fill('560025');
  await expect(panel.getByLabel('City')).toHaveValue('Bangalore');
  await expect(panel.getByLabel('State')).toHaveValue('Karnataka');
  await panel.getByLabel('City').fill('Bengaluru');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Address saved successfully!')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Address' }).click();
  const saved = page.getByRole('tabpanel').locator('address');
  await expect(saved).toContainText('14 Residency Road');
  await expect(saved).toContainText('Bengaluru, Karnataka 560025');
  await expect(saved).toContainText('Phone: 9812345678');
});
