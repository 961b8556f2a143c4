import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { blockThirdParty, createUser, signIn, signInAsAdmin } from './support/admin';

// Each journey signs in and waits for queued notifications: more than the default 30 s on two cores.
test.describe.configure({ timeout: 90_000 });

test('staff sign in at /admin/login, see the dashboard and log out', async ({ page }) => {
  const outside = await blockThirdParty(page);
  const admin = await createUser('admin');

  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await signInAsAdmin(page, admin);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Total Orders')).toBeVisible();
  await expect(page.getByText('Revenue', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /Sales over the last 30 days/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Products' })).toBeVisible();
  const menu = page.getByRole('menu').or(page.getByRole('navigation')).first();
  for (const name of ['Dashboard', 'Products', 'Add Product', 'Orders', 'Back to Site']) {
    await expect(menu.getByRole('menuitem', { name, exact: true })).toBeVisible();
  }
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Unknown /admin paths go to the dashboard.
  await page.goto('/admin/no-such-screen');
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/products');
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(outside).toEqual([]);
});

test('a customer is refused and signed out again', async ({ page }) => {
  const shopper = await createUser();
  await signIn(page, shopper);
  await expect(page.getByRole('alert')).toHaveText(
    'Invalid admin credentials. Please check your Admin ID and password.',
  );
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login$/);

  await signIn(page, { email: shopper.email, password: 'wrong-password' });
  await expect(page.getByRole('alert')).toHaveText(
    'Invalid admin credentials. Please check your Admin ID and password.',
  );
});

test('an unexpected failure says Login failed', async ({ page }) => {
  await page.route('**/auth/v1/token**', (route) => route.abort());
  await signIn(page, { email: 'staff@example.com', password: 'whatever-pass' });
  await expect(page.getByRole('alert')).toHaveText('Login failed. Please try again.');
});

test('the session ends 8 hours after sign-in and sends staff to /admin/login', async ({ page }) => {
  const admin = await createUser('admin');
  await page.clock.install();
  await signInAsAdmin(page, admin);

  await page.clock.fastForward('08:01:00');
  await expect(page).toHaveURL(/\/admin\/login$/, { timeout: 15_000 });
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login$/);
});
