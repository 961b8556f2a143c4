import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { header } from './support/header';
import { latestMail } from './support/mailbox';
import { ACCOUNT_CREATED, confirmationMail } from './support/sign-up';

const UNCONFIRMED =
  'Please confirm your email address before signing in. We sent you a link when you signed up.';
const CONFIRMED = 'Your email address is confirmed. Welcome to FurniCraft!';

// Sign-up confirms the e-mail (supabase/config.toml enable_confirmations, as on hosted Supabase): the
// form signs nobody in; the link in the confirmation mail (supabase-local's mailbox) does.
test('a shopper signs up, confirms the e-mail through the mailed link, signs out and signs in again', async ({
  page,
}) => {
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
  await expect(page.getByText(ACCOUNT_CREATED)).toBeVisible();

  // "Check your email" on /login, and nobody is signed in yet
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'We sent a confirmation link to' })).toHaveText(
    `We sent a confirmation link to ${email}. Follow it to finish creating your account and sign in.`,
  );
  await expect((await header(page)).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  const first = await confirmationMail(email);
  expect(first.redirect_to).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);

  // Signing in before confirming: a wrong password is still just wrong…
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Login failed. Please check your credentials and try again.')).toBeVisible();
  // …the right one is refused with a clear message and the mail offered again
  await page.getByLabel('Password').fill('furniture-2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: UNCONFIRMED })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(
    page.getByText(`A new confirmation link has been sent to ${email}.`, { exact: false }),
  ).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await expect.poll(async () => (await latestMail(email))?.action_url).not.toBe(first.action_url);
  const resent = await confirmationMail(email);

  // The link in the newest mail lands on the home page, signed in
  await page.goto(resent.action_url!);
  await expect(page.getByText(CONFIRMED)).toBeVisible();
  const bar = await header(page);
  await expect(bar.getByRole('link', { name: 'Wishlist' })).toBeVisible();
  await bar.getByRole('button', { name: /account menu/ }).click();
  await expect(bar.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Track Orders' })).toBeVisible();
  await bar.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully!')).toBeVisible();
  await expect((await header(page)).getByRole('link', { name: 'Login' })).toBeVisible();

  // A link works once: followed again it says so, and signs nobody in
  await page.goto(resent.action_url!);
  await expect(page.getByText('This link is invalid or has expired.', { exact: false })).toBeVisible();
  await expect((await header(page)).getByRole('link', { name: 'Login' })).toBeVisible();

  await (await header(page)).getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('furniture-2026');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect((await header(page)).getByRole('link', { name: 'Wishlist' })).toBeVisible();
});
