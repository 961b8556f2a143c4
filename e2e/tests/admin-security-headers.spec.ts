import { expect, test } from '@playwright/test';
import { createUser, signInAsAdmin } from './support/admin';
import { recordCspViolations } from './support/csp';

test('the admin console works under its security headers: login and the dashboard without a CSP violation', async ({
  page,
}) => {
  const staff = await createUser('admin');
  const violations = await recordCspViolations(page);
  const res = await page.goto('/admin/');
  expect(res!.headers()['content-security-policy']).toContain("default-src 'self'");
  await signInAsAdmin(page, staff);
  await page
    .getByRole('menuitem', { name: /Products/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/#?\/?products/);
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
});
