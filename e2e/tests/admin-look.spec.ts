import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { blockThirdParty, createUser, signInAsAdmin } from './support/admin';

// Two or three sign-ins and several axe scans per journey: more than the default 30 s on two cores.
test.describe.configure({ timeout: 120_000 });

/** The page's background, as CssBaseline paints it from the theme's background.default. */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const LIGHT = 'rgb(250, 250, 251)';
const DARK = 'rgb(49, 49, 49)';

/** react-admin's ToggleThemeButton, in ra-supabase's English words. */
const toggleTheme = 'Toggle light/dark mode';

const appBar = (page: Page) => page.locator('header').first();

async function logout(page: Page) {
  await appBar(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

async function openOrders(page: Page) {
  await page.goto('/admin/orders');
  // a fresh store may have no orders (no table): the filters show the list is there
  await expect(page.getByRole('combobox', { name: 'Payment' })).toBeVisible();
}

test('the app bar refreshes the page and switches between a light and a dark theme, both accessible', async ({
  page,
}) => {
  const outside = await blockThirdParty(page);
  await signInAsAdmin(page, await createUser('admin'));
  await openOrders(page);
  expect(await background(page)).toBe(LIGHT);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // the loading indicator is react-admin's refresh button: it asks the list again
  const refresh = appBar(page).getByRole('button', { name: 'Refresh' });
  await expect(refresh).toBeVisible();
  const again = page.waitForRequest((r) => r.method() === 'GET' && /\/rest\/v1\/orders\?/.test(r.url()));
  await refresh.click();
  await again;

  await appBar(page).getByRole('button', { name: toggleTheme }).click();
  await expect.poll(() => background(page)).toBe(DARK);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.goto('/admin/reviews');
  await expect(page.getByRole('combobox', { name: 'Rating' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // the choice is kept (the staff member's Store) and can be undone
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Rating' })).toBeVisible();
  expect(await background(page)).toBe(DARK);
  await appBar(page).getByRole('button', { name: toggleTheme }).click();
  await expect.poll(() => background(page)).toBe(LIGHT);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(outside).toEqual([]);
});

test('a saved filter is the staff member’s own: it is there after signing in again, and not for a colleague', async ({
  page,
}, testInfo) => {
  const desktop = testInfo.project.name === 'desktop';
  const [asha, ravi] = await Promise.all([createUser('admin'), createUser('admin')]);
  const name = `Shipped orders ${Date.now().toString(36)}`;

  await signInAsAdmin(page, asha);
  await openOrders(page);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Shipped' }).click();
  await expect(page).toHaveURL(/shipped/);

  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitem', { name: 'Save current query...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save current query as' });
  await dialog.getByLabel('Query name').fill(name);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // from md up the list's side panel lists it too (on a phone the panel is hidden)
  if (desktop) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();

  await logout(page);
  await signInAsAdmin(page, asha);
  await openOrders(page);
  // signing out forgot the last filters (react-admin's reset), not the saved query
  await expect(page).not.toHaveURL(/shipped/);
  await expect(page.getByRole('combobox', { name: 'Status' })).not.toHaveText('Shipped');
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
  await expect(page).toHaveURL(/shipped/);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Shipped');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // a colleague on the same browser has a Store of their own
  await logout(page);
  await signInAsAdmin(page, ravi);
  await openOrders(page);
  if (desktop) await expect(page.getByText('Saved queries')).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
  // with no filter and no saved query react-admin shows no Filter button at all
  await expect(page.getByRole('button', { name: 'Add filter' })).toHaveCount(0);
});
