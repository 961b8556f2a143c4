import { expect, test } from '@playwright/test';
import { apiKeys } from '../../supabase-local/src/keys.ts';
import { formatINR } from '../../shared/src/pricing/format.ts';
import { seriousA11yViolations } from './support/axe';
import { API, createUser, placeOrder, signInAsAdmin } from './support/admin';
import { rest } from './support/rest';

test.describe.configure({ timeout: 90_000 });

const keys = apiKeys({});

async function tokenOf(user: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${API}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: keys.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Today in India as the chart writes it: '28 Nov'. */
const todayLabel = () =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' }).format(
    new Date(),
  );

test("a manager reads today's orders and revenue against yesterday, what waits, and 30 days of sales dated '26 Oct' on a ₹ axis", async ({
  page,
}) => {
  await placeOrder(await createUser()); // at least one order today
  await signInAsAdmin(page, await createUser('admin'));

  // the figures come in one admin_dashboard() call: once (a busy machine took over 10 s once)
  await expect(page.getByRole('region', { name: 'Orders today' })).toBeVisible({ timeout: 30_000 });
  for (const name of ['Orders today', 'Revenue today', 'Waiting to ship', 'Returns waiting']) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }
  const orders = page.getByRole('region', { name: 'Orders today' });
  await expect(orders).toContainText(/Yesterday \d+ · (Same as yesterday|[+−]\d+ on yesterday)/);
  expect(Number(await orders.locator('p').first().textContent())).toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: 'Revenue today' })).toContainText(/₹[\d,]+.*Yesterday ₹/);
  await expect(page.getByRole('region', { name: 'Returns waiting' })).toContainText(
    /\d+ waiting for a decision/,
  );

  const chart = page.getByRole('img', { name: /^Sales over the last 30 days, .* in total$/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('text', { hasText: new RegExp(`^${todayLabel()}$`) })).toHaveCount(1);
  // five dates, none a raw timestamp; the axis in rupees with Indian grouping, from ₹0
  const dates = await chart.locator('text').allTextContents();
  expect(dates.filter((t) => /^\d{1,2} [A-Z][a-z]{2}$/.test(t))).toHaveLength(5);
  expect(dates.some((t) => t.includes('T00:00'))).toBe(false);
  expect(dates).toContain('₹0');
  expect(dates.filter((t) => /^₹\d{1,2}(,\d{2})*(,\d{3})?$/.test(t)).length).toBeGreaterThan(1);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('region', { name: 'Returns waiting' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/returns/);
});

test('a store without sales says so instead of drawing an empty chart', async ({ page }) => {
  // The shared database has sales; the dashboard's answer is given 30 empty days.
  await page.route('**/rest/v1/rpc/admin_dashboard', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { sales_last_30_days: { revenue: number; orders: number }[] };
    body.sales_last_30_days = body.sales_last_30_days.map((d) => ({ ...d, orders: 0, revenue: 0 }));
    await route.fulfill({ response: res, json: body });
  });
  await signInAsAdmin(page, await createUser('admin'));
  await expect(page.getByText('No sales in the last 30 days yet.')).toBeVisible();
  await expect(page.getByRole('img', { name: /Sales over the last 30 days/ })).toHaveCount(0);
});

test("the customers list shows e-mail, phone, orders and total spent, and a customer's page their order, address and message", async ({
  page,
}) => {
  const name = `Meera Iyer ${Date.now()}`;
  const shopper = await createUser();
  const staff = await createUser('admin');
  await rest(`/rest/v1/profiles?id=eq.${shopper.id}`, {
    method: 'PATCH',
    body: JSON.stringify({ full_name: name, phone: '9876501234' }),
  });
  await rest('/rest/v1/addresses', {
    method: 'POST',
    body: JSON.stringify({
      user_id: shopper.id,
      label: 'Home',
      full_name: name,
      phone: '9876501234',
      address: '7 Residency Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560025',
      is_default: true,
    }),
  });
  // sent before signing in: found by the customer's e-mail
  await rest('/rest/v1/contact_messages', {
    method: 'POST',
    body: JSON.stringify({
      full_name: name,
      email: shopper.email,
      subject: 'Sofa cushion colour',
      message: 'Do the cushions come in teal?',
    }),
  });
  const { order_number } = await placeOrder(shopper, { fullName: name });
  const [order] = await rest<{ id: string; total: number }[]>(
    `/rest/v1/orders?order_number=eq.${order_number}&select=id,total`,
  );
  // Delivered cash on delivery: paid, so it counts as spent.
  const staffToken = await tokenOf(staff);
  for (const status of ['shipped', 'delivered'])
    await rest('/rest/v1/rpc/admin_set_order_status', {
      method: 'POST',
      token: staffToken,
      body: JSON.stringify({ order_id: order!.id, status }),
    });

  await signInAsAdmin(page, staff);
  await page.getByRole('menuitem', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/admin\/customers/);
  for (const column of ['Name', 'E-mail', 'Phone', 'Orders', 'Total spent', 'Last order', 'Joined'])
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
  await page.getByPlaceholder('Name, e-mail or phone').fill(shopper.email);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  const row = page.locator('tbody tr', { hasText: name });
  await expect(row).toContainText(shopper.email);
  await expect(row).toContainText('9876501234');
  await expect(row).toContainText(formatINR(Number(order!.total)));
  await expect(row.locator('td').nth(3)).toHaveText('1');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await row.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const orders = page.getByRole('region', { name: 'Orders' });
  await expect(orders.locator('tbody tr', { hasText: order_number })).toContainText('Delivered');
  await expect(page.getByRole('region', { name: 'Addresses' })).toContainText(
    '7 Residency Road, Bengaluru, Karnataka, 560025',
  );
  await expect(page.getByRole('region', { name: 'Messages' })).toContainText('Sofa cushion colour');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await orders.locator('tbody tr', { hasText: order_number }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order!.id}/show`));
  await expect(page.getByRole('heading', { name: `Order ${order_number}` })).toBeVisible();
});
