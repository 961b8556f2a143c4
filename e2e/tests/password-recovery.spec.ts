import { expect, test, type Page } from '@playwright/test';
import { apiKeys } from '../../supabase-local/src/keys.ts';
import { seriousA11yViolations } from './support/axe';
import { API, blockThirdParty, createUser } from './support/admin';
import { latestMail } from './support/mailbox';
import { expectPasswordRules } from './support/password-form';

// Signing in, mail and two page loads: more than the default 30 s on two cores.
test.describe.configure({ timeout: 90_000 });

const SENT = (email: string) =>
  `If an account exists for ${email}, we've sent a link to set a new password. Check your inbox (and the spam folder). It can take a minute to arrive; after that you can ask for another one.`;
const LINK_EXPIRED =
  'This password reset link has already been used or has expired. Links work once, for a limited time: ask for a new one below.';

/** Whether Auth signs this e-mail and password in (the password grant). */
async function canSignIn(email: string, password: string): Promise<boolean> {
  const res = await fetch(`${API}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: apiKeys({}).anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.ok;
}

async function askForLink(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(SENT(email));
}

test('a shopper who forgot the password gets a link by mail, sets a new one and is signed in', async ({
  page,
  baseURL,
}) => {
  const outside = await blockThirdParty(page);
  const shopper = await createUser();
  const fresh = 'Sofa-and-chai-2026';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await askForLink(page, shopper.email);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The recovery mail, as supabase-local's mailbox keeps it, links back to /reset-password.
  const mail = await latestMail(shopper.email);
  expect(mail?.kind).toBe('recovery');
  expect(mail?.redirect_to).toBe(`${baseURL}/reset-password`);
  const link = mail!.action_url!;
  expect(link).toContain('/auth/v1/verify?');

  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password/);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expect(page.getByText(`For ${shopper.email}.`)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  const password = page.getByLabel('New Password', { exact: true });
  const confirm = page.getByLabel('Confirm New Password', { exact: true });
  const save = page.getByRole('button', { name: 'Set Password' });
  await expectPasswordRules(page, { password, confirm, save }, fresh); // the shared rules, as at sign-up

  // Auth's own rule comes through: the new password must differ from the old one.
  await password.fill(shopper.password);
  await confirm.fill(shopper.password);
  await save.click();
  await expect(page.getByRole('alert')).toHaveText('Your new password must be different from your old one.');

  await password.fill(fresh);
  await confirm.fill(fresh);
  await save.click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Your password has been changed. You are signed in.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  expect(await canSignIn(shopper.email, fresh)).toBe(true);
  expect(await canSignIn(shopper.email, shopper.password)).toBe(false);

  // The link worked once: followed again it is explained, with a way to ask again, and no form.
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password/);
  await expect(page.getByRole('alert')).toHaveText(LINK_EXPIRED);
  await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  expect(outside).toEqual([]);
});

test('an unknown e-mail gets the same answer and no mail; the reset page without a link asks for one', async ({
  page,
}) => {
  const nobody = `nobody-${Date.now()}@example.com`;
  await page.goto('/forgot-password');
  await askForLink(page, nobody);
  expect(await latestMail(nobody)).toBeNull();

  // Auth's limits, as hosted Supabase answers them (429 with a code): the per-account mail frequency
  // would tell that the address has an account, so it gets the same answer; the per-client request
  // limit says nothing about the address and is shown kindly.
  const shopper = await createUser();
  let answer = 'over_email_send_rate_limit';
  await page.route('**/auth/v1/recover*', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 429,
        error_code: answer,
        msg: 'For security purposes, you can only request this after 42 seconds.',
      }),
    }),
  );
  await page.getByRole('button', { name: 'Use a different email' }).click();
  await askForLink(page, shopper.email);
  answer = 'over_request_rate_limit';
  await page.getByRole('button', { name: 'Use a different email' }).click();
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Too many attempts. Please wait a minute and try again.');
  await expect(page.getByRole('status')).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.unroute('**/auth/v1/recover*');

  await page.goto('/reset-password');
  await expect(page.getByRole('status')).toHaveText(
    'To set a new password, open the link in the email we sent you. No email? Ask for a new link below.',
  );
  await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('an expired recovery link is explained, not taken for a sign-up confirmation', async ({ page }) => {
  await page.goto(
    '/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
  );
  await expect(page.getByRole('alert')).toHaveText(LINK_EXPIRED);
  await expect(page.getByText(/confirmation link/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});
