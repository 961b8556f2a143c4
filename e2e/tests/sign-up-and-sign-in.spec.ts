import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { header } from './support/header';

test('a shopper signs up, signs out and signs in again, and the header follows', async ({ page }) => {
  const email = `shopper-${Date.now()}@example.com`;
  await page.goto('/signup');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await expect(page.getByRole('main').getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
    'href',
    '/terms',
  );
  await expect(page.getByRole('main').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy',
  );

  await page.getByLabel('Full Name').fill('Asha Rao');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile Number').fill('9876543210');
  await page.getByLabel('Password', { exact: true }).fill('furniture-2026');
  await page.getByLabel('Confirm Password').fill('furniture-2027');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByText('Please agree to the terms and conditions')).toBeVisible();

  await page.getByLabel('Confirm Password').fill('furniture-2026');
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('Account created successfully! Please check your email to confirm your account.'),
  ).toBeVisible();

  // Confirmations are off locally, so the new account is signed in.
  const bar = await header(page);
  await expect(bar.getByRole('link', { name: 'Wishlist' })).toBeVisible();
  await bar.getByRole('button', { name: /account menu/ }).click();
  await expect(bar.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Track Orders' })).toBeVisible();
  await bar.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully!')).toBeVisible();
  await expect((await header(page)).getByRole('link', { name: 'Login' })).toBeVisible();

  await (await header(page)).getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Login failed. Please check your credentials and try again.')).toBeVisible();

  await page.getByLabel('Password').fill('furniture-2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect((await header(page)).getByRole('link', { name: 'Wishlist' })).toBeVisible();
});
