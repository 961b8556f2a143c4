import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { apiKeys } from '../../supabase-local/src/keys.ts';
import { seriousA11yViolations } from './support/axe';
import { API, blockThirdParty, createUser, signIn, signInAsAdmin } from './support/admin';
import { latestMail } from './support/mailbox';

// Each journey signs in and waits for queued notifications: more than the default 30 s on two cores.
test.describe.configure({ timeout: 90_000 });

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WRONG = 'Invalid admin credentials. Please check your Admin ID and password.';

/** The test runner's environment without a password or site URL of its own. */
function withoutPassword(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env))
    if (v !== undefined && k !== 'ADMIN_PASSWORD' && k !== 'SITE_URL') out[k] = v;
  return out;
}

/**
 * `pnpm admin:create <email>` as the operator runs it, against the e2e server: a child process, no
 * terminal (so no prompt), with ADMIN_PASSWORD only when given.
 */
function adminCreate(
  email: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [`${ROOT}node_modules/tsx/dist/cli.mjs`, `${ROOT}scripts/admin-create.ts`, email],
      {
        cwd: ROOT,
        env: {
          ...withoutPassword(process.env),
          SUPABASE_URL: API,
          SUPABASE_SERVICE_ROLE_KEY: apiKeys({}).serviceRoleKey,
          ...env,
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

test('admin:create without a password mails a link; staff set the password and sign in to the admin', async ({
  page,
  baseURL,
}) => {
  const outside = await blockThirdParty(page);
  const email = `new-staff-${Date.now()}@example.com`;
  const run = await adminCreate(email, { SITE_URL: baseURL! });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(run.stdout).toContain(`Created the store owner ${email}.`);
  expect(run.stdout).toContain(`A link to set the password was mailed to ${email}`);

  const mail = await latestMail(email);
  expect(mail?.kind).toBe('recovery');
  expect(mail?.redirect_to).toBe(`${baseURL}/admin/set-password`);

  await page.goto(mail!.action_url!);
  await expect(page).toHaveURL(/\/admin\/set-password/);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expect(page.getByText(`For ${email}.`)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByLabel('New password', { exact: true }).fill('Chosen-staff-2026');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Chosen-staff-2026');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been changed. Please sign in with your new password.',
  );

  await signInAsAdmin(page, { email, password: 'Chosen-staff-2026' });
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  expect(outside).toEqual([]);
});

test('admin:create promotes an existing shopper only with a new password; an unconfirmed address is refused', async ({
  page,
}) => {
  // a confirmed shopper with a password of their own
  const shopper = await createUser();
  const run = await adminCreate(shopper.email, { ADMIN_PASSWORD: 'Promoted-pass-2026' });
  expect(run.code).toBe(0);
  expect(run.stdout).toContain('it is now a store owner');
  expect(run.stdout).toContain('Its sessions were signed out and the earlier password no longer works.');

  await signIn(page, shopper);
  await expect(page.getByRole('alert')).toHaveText(WRONG);
  await signInAsAdmin(page, { email: shopper.email, password: 'Promoted-pass-2026' });

  // someone registered an address without confirming it: it does not become staff
  const squatted = `squatted-${Date.now()}@example.com`;
  const signUp = await fetch(`${API}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: apiKeys({}).anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: squatted, password: 'Squatter-pass-1' }),
  });
  expect(signUp.status).toBe(200);
  const refused = await adminCreate(squatted, { ADMIN_PASSWORD: 'Staff-pass-2026!' });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(`${squatted} has an account whose address is not confirmed`);
  expect(refused.stderr).toContain('it is not made staff');
});
