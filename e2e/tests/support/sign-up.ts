import { expect, type Page } from '@playwright/test';
import { header } from './header';
import { latestMail, type Mail } from './mailbox';

export const ACCOUNT_CREATED =
  'Account created successfully! Please check your email to confirm your account.';

export interface Shopper {
  name: string;
  email: string;
  phone: string;
  password: string;
}

/** Fills and sends the sign-up form; the store answers with "check your email" on /login, not signed in. */
export async function submitSignUp(page: Page, who: Shopper): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Mobile Number').fill(who.phone);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Confirm Password').fill(who.password);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(ACCOUNT_CREATED)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}

/** The newest sign-up confirmation mail to `email`, waiting for it to arrive. */
export async function confirmationMail(email: string): Promise<Mail> {
  let mail: Mail | null = null;
  await expect
    .poll(async () => {
      mail = await latestMail(email);
      return mail?.kind;
    })
    .toBe('signup');
  return mail!;
}

/**
 * Sign-up as a shopper does it with confirmations on (supabase/config.toml): the form, then the link
 * in the confirmation mail (supabase-local's mailbox), which lands on the home page signed in.
 */
export async function signUpAndConfirm(page: Page, who: Shopper): Promise<void> {
  await submitSignUp(page, who);
  const mail = await confirmationMail(who.email);
  await page.goto(mail.action_url!);
  await expect(page).toHaveURL(/:\d+\/(#.*)?$/);
  await expect((await header(page)).getByRole('link', { name: 'Wishlist' })).toBeVisible();
}
