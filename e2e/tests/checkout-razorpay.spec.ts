import { expect, test, type Page } from '@playwright/test';
import { apiKeys } from '../../supabase-local/src/keys.ts';
import { createUser, deskContext, signInAsAdmin } from './support/admin';
import { seriousA11yViolations } from './support/axe';
import { API, reachPayment } from './support/checkout';

const sandbox = (page: Page) => page.getByRole('dialog', { name: /Razorpay sandbox/ });

/** The store's database through the API with the service role (what the scheduled job runs as). */
async function service<T>(path: string, init: RequestInit = {}): Promise<T> {
  const key = apiKeys({}).serviceRoleKey;
  const res = await fetch(`${API}${path}`, {
    ...init,
    headers: {
      apikey: key,
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
  });
  if (!res.ok) throw new Error(`${path} → ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Pay clicked (one order placed, the sandbox open), then the 30-minute release job runs before the
 * customer presses Success: the order is cancelled and its stock returned.
 */
async function payAfterRelease(page: Page): Promise<{ id: string; order_number: string }> {
  await reachPayment(page, 'Card / UPI / NetBanking');
  const placed = page.waitForResponse((r) => r.url().endsWith('/rest/v1/rpc/place_order'));
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const order = (await (await placed).json()) as { id: string; order_number: string };
  await expect(sandbox(page)).toBeVisible();
  await service('/rest/v1/rpc/release_unpaid_orders', {
    method: 'POST',
    body: JSON.stringify({ older_than: '0 seconds' }),
  });
  const [row] = await service<{ status: string }[]>(`/rest/v1/orders?id=eq.${order.id}&select=status`);
  expect(row!.status).toBe('cancelled');
  return order;
}

async function staffOpens(page: Page, orderId: string): Promise<Page> {
  const staff = await (await deskContext(page.context().browser()!)).newPage();
  await signInAsAdmin(staff, await createUser('admin'));
  await staff.goto(`/admin/orders/${orderId}/show`);
  return staff;
}

test('the payment page without its state is an Invalid Payment Request', async ({ page }) => {
  await page.goto('/payment');
  await expect(page.getByRole('heading', { name: 'Invalid Payment Request' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Cart' })).toHaveAttribute('href', '/cart');
  await page.getByRole('link', { name: 'Back to Checkout' }).click();
  await expect(page).toHaveURL(/\/(checkout|cart)$/);
});

test('a double-clicked Pay makes one order, paid through the Razorpay sandbox', async ({ page }) => {
  await reachPayment(page, 'Card / UPI / NetBanking');
  const placeOrderCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/rest/v1/rpc/place_order')) placeOrderCalls.push(r.url());
  });
  await page.getByRole('button', { name: 'Pay', exact: true }).dblclick();
  await expect(sandbox(page)).toBeVisible();
  await expect(sandbox(page)).toContainText('₹24,999');
  await expect(sandbox(page)).toContainText('Local sandbox');
  expect(placeOrderCalls).toHaveLength(1);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await sandbox(page).getByRole('button', { name: 'Success' }).click();

  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByTestId('payment-id')).toHaveText(/^pay_/);
  await expect(page.getByTestId('order-status')).toHaveText('Confirmed');
});

test('a failed payment says so and leaves the order unpaid; closing the modal does too', async ({ page }) => {
  await reachPayment(page, 'Card / UPI / NetBanking');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await sandbox(page).getByRole('button', { name: 'Failure' }).click();
  await expect(page.getByRole('alert').getByText('Payment failed. Please try again.')).toBeVisible();
  await expect(sandbox(page)).toBeHidden();

  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await sandbox(page).getByRole('button', { name: 'Close' }).click();
  await expect(sandbox(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
  await expect(page).toHaveURL(/\/payment$/);
});

test('a checkout script that cannot load is reported', async ({ page }) => {
  await reachPayment(page, 'Card / UPI / NetBanking');
  await page.route(`${API}/razorpay/checkout.js`, (route) => route.abort());
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(
    page.getByRole('alert').getByText('Razorpay SDK failed to load. Are you online?'),
  ).toBeVisible();
});

test.describe('a payment that arrives after the order was released', () => {
  test.describe.configure({ timeout: 90_000 });

  test('revives the order while its stock is there, and staff see it was revived', async ({ page }) => {
    const order = await payAfterRelease(page);
    await sandbox(page).getByRole('button', { name: 'Success' }).click();
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText('Confirmed');

    const staff = await staffOpens(page, order.id);
    await expect(staff.getByRole('heading', { name: `Order ${order.order_number}` })).toBeVisible();
    await expect(
      staff
        .getByRole('alert')
        .filter({ hasText: 'Payment arrived after the order was released; order revived.' }),
    ).toBeVisible();
    await expect(staff.getByText('Refund due')).toHaveCount(0);
  });

  test('refunds it in full when the stock is gone, and staff see the Razorpay refund', async ({ page }) => {
    const order = await payAfterRelease(page);
    // The last sofas sell meanwhile: the ordered variant's stock goes to 0 through the ledger (stock
    // moves only by movements) and comes back afterwards.
    const [line] = await service<{ variant_id: number }[]>(
      `/rest/v1/order_items?order_id=eq.${order.id}&select=variant_id&limit=1`,
    );
    const [variant] = await service<{ stock_quantity: number }[]>(
      `/rest/v1/product_variants?id=eq.${line!.variant_id}&select=stock_quantity`,
    );
    const move = async (quantity: number) => {
      if (quantity === 0) return;
      await service('/rest/v1/stock_movements', {
        method: 'POST',
        body: JSON.stringify({
          variant_id: line!.variant_id,
          quantity,
          reason: 'adjustment',
          note: 'e2e: the last sofas sell meanwhile',
        }),
      });
    };
    await move(-variant!.stock_quantity);
    try {
      await sandbox(page).getByRole('button', { name: 'Success' }).click();
      await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
      await expect(page.getByRole('heading', { name: 'Order Cancelled' })).toBeVisible();
      // the sandbox, as Razorpay often does, processes the refund at once
      await expect(
        page.getByText(
          /^This order was cancelled\. Your payment (is being|has been) refunded to the account you paid from\.$/,
        ),
      ).toBeVisible();
    } finally {
      await move(variant!.stock_quantity);
    }

    const staff = await staffOpens(page, order.id);
    await expect(staff.getByRole('heading', { name: `Order ${order.order_number}` })).toBeVisible();
    // the refund, issued by the payment functions, processed by the sandbox's signed refund.processed
    // webhook with the bank's reference (ARN)
    const refund = staff
      .getByRole('table', { name: 'Refunds' })
      .getByRole('row')
      .filter({ hasText: '₹24,999' });
    await expect(refund).toContainText('Razorpay refund');
    await expect(refund).toContainText('Processed');
    await expect(refund).toContainText(/\d{12,}/);
    await expect(staff.getByRole('button', { name: /^Retry the refund/ })).toHaveCount(0);
  });
});
