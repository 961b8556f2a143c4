import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { blockThirdParty, createUser, signIn, signInAsAdmin } from './support/admin';
import { latestMail } from './support/mailbox';
import { expectPasswordRules } from './support/password-form';

// Each journey signs in and waits for queued notifications: more than the default 30 s on two cores.
test.describe.configure({ timeout: 90_000 });

const SENT =
  'If an account exists for that e-mail address, a link to set a new password is on its way. Check your inbox.';

test('staff reset a forgotten password through the mailed link and sign in with the new one', async ({
  page,
  baseURL,
}) => {
  const outside = await blockThirdParty(page);
  const admin = await createUser('admin');
  const newPassword = 'Fresh-pass-2026!';

  await page.goto('/admin/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/admin\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByLabel('Admin ID').fill(admin.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(SENT);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The recovery mail, as supabase-local's mailbox keeps it, links back to /admin/set-password.
  const mail = await latestMail(admin.email);
  expect(mail?.kind).toBe('recovery');
  expect(mail?.redirect_to).toBe(`${baseURL}/admin/set-password`);
  const link = mail!.action_url!;
  expect(link).toContain('/auth/v1/verify?');

  await page.goto(link);
  await expect(page).toHaveURL(/\/admin\/set-password/);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expect(page.getByText(`For ${admin.email}.`)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  const password = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password', { exact: true });
  const save = page.getByRole('button', { name: 'Set password' });
  await expectPasswordRules(page, { password, confirm, save }, newPassword); // the shared rules, as at sign-up

  // Auth's own rule comes through: the new password must differ from the old one.
  await password.fill(admin.password);
  await confirm.fill(admin.password);
  await save.click();
  await expect(page.getByRole('alert')).toHaveText('New password should be different from the old password.');

  await password.fill(newPassword);
  await confirm.fill(newPassword);
  await save.click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been changed. Please sign in with your new password.',
  );
  expect(await seriousA11yViolations(page)).toEqual([]);

  await signIn(page, admin);
  await expect(page.getByRole('alert')).toHaveText(
    'Invalid admin credentials. Please check your Admin ID and password.',
  );
  await signInAsAdmin(page, { email: admin.email, password: newPassword });

  // The link worked once: followed again, it is refused, even with a session open.
  await page.goto(link);
  await expect(page).toHaveURL(/\/admin\/set-password/);
  await expect(page.getByRole('alert')).toHaveText(
    'This password reset link is invalid or has expired. Please request a new one.',
  );
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(outside).toEqual([]);
});

test('the reset page answers alike for an unknown e-mail and sends nothing', async ({ page }) => {
  const nobody = `nobody-${Date.now()}@example.com`;
  await page.goto('/admin/forgot-password');
  await page.getByLabel('Admin ID').fill(nobody);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(SENT);
  expect(await latestMail(nobody)).toBeNull();

  // Opened without a link, the set-password page asks for one.
  await page.goto('/admin/set-password');
  await expect(page.getByRole('alert')).toHaveText(
    'This password reset link is invalid or has expired. Please request a new one.',
  );
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/admin\/forgot-password$/);
});
