import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { createProduct, createUser, deleteProductNamed, placeOrder } from './support/admin';
import { accessToken } from './support/admin-variants';
import { signInOnLoginPage } from './support/checkout';
import { shownAmount } from './support/gst';
import { orderId } from './support/outbox';
import { rest } from './support/rest';

// Seed facts (supabase/seed.sql, the returns migration): the store's return window is 30 days and a
// pickup may be booked up to 7 days ahead; "Damaged in transit" needs photos, "Changed my mind" not.

// Two orders, staff's dispatch and delivery, uploads: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

/** A 1×1 PNG: the photo of the damage. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A new shopper with a COD order that staff have shipped and delivered (delivered_at: now). */
async function deliveredOrder(): Promise<{
  user: { email: string; password: string };
  orderNumber: string;
  orderId: string;
}> {
  const user = await createUser();
  const { order_number } = await placeOrder(user);
  const id = await orderId(order_number);
  const staff = await accessToken(await createUser('admin'));
  for (const status of ['shipped', 'delivered']) {
    await rest('/rest/v1/rpc/admin_set_order_status', {
      method: 'POST',
      token: staff,
      body: JSON.stringify({ order_id: id, status }),
    });
  }
  return { user, orderNumber: order_number, orderId: id };
}

/** '25 Dec': the IST day 30 days after today in India, as the order history writes the window's end. */
function windowEnd(days = 30): string {
  const todayInIndia = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const end = new Date(`${todayInIndia}T12:00:00Z`);
  end.setUTCDate(end.getUTCDate() + days);
  const parts = new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).formatToParts(end);
  return `${parts.find((p) => p.type === 'day')!.value} ${parts.find((p) => p.type === 'month')!.value}`;
}

async function signInAt(page: Page, path: string, user: { email: string; password: string }) {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signInOnLoginPage(page, user);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

/** The pickup slot: the first bookable date, the morning window. */
async function choosePickup(page: Page) {
  await page.getByLabel('Pickup date').selectOption({ index: 1 });
  await page.getByRole('radio', { name: '9 am–1 pm' }).check();
}

test('a customer with a delivered order sees the window, returns an item with a photo and a pickup slot, and follows it', async ({
  page,
}) => {
  const order = await deliveredOrder();
  await signInAt(page, '/profile?tab=orders', order.user);
  const history = page.getByRole('listitem').filter({ hasText: order.orderNumber });
  const note = history.getByTestId('return-line-note');
  await expect(note).toHaveText(new RegExp(`^Return or replace .*— window closes ${windowEnd()}$`));
  expect(await seriousA11yViolations(page)).toEqual([]);

  await note.getByRole('link', { name: /Return or replace/ }).click();
  await expect(page.getByRole('heading', { name: 'Return or replace', level: 1 })).toBeVisible();
  // The only line is chosen already; the pickup is from the order's address.
  await expect(page.getByRole('checkbox')).toBeChecked();
  await expect(page.getByTestId('pickup-address')).toContainText('12 MG Road');

  // Nothing chosen yet: every problem is said at once.
  await page.getByRole('button', { name: 'Request return' }).click();
  await expect(page.getByRole('combobox', { name: /^Reason/ })).toHaveAccessibleDescription(
    'Choose a reason',
  );
  await expect(page.getByText('Choose a refund or a replacement')).toBeVisible();
  await expect(page.getByLabel('Pickup date')).toHaveAccessibleDescription('Choose a pickup date');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('combobox', { name: /^Reason/ }).selectOption({ label: 'Damaged in transit' });
  await page.getByRole('radio', { name: 'Replacement' }).check();
  await choosePickup(page);
  // A damaged item needs a photo.
  await page.getByRole('button', { name: 'Request return' }).click();
  await expect(page.getByText('Add at least one photo of the damage or problem.')).toBeVisible();
  await page
    .getByLabel('Add photos')
    .setInputFiles({ name: 'damage.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(page.getByRole('img', { name: /Photo 1: damage\.png/ })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Request return' }).click();

  await expect(page.getByRole('status').getByText('Return requested')).toBeVisible();
  const returnNumber = (await page.getByTestId('return-number').textContent())!;
  expect(returnNumber).toMatch(/^RT-\d{6,}$/);
  const [stored] = await rest<{ photos: string[]; pickup_window: string; resolution: string }[]>(
    `/rest/v1/returns?select=photos,pickup_window,resolution&return_number=eq.${returnNumber}`,
  );
  expect(stored).toMatchObject({ pickup_window: '09-13', resolution: 'replacement' });
  expect(stored!.photos).toHaveLength(1);
  expect(stored!.photos[0]).toMatch(/^[0-9a-f-]{36}\/[0-9a-f-]{36}\/1\.png$/);

  // Order history: the return's progress, and it can still be cancelled.
  await page.getByRole('link', { name: 'Back to Order History' }).click();
  const progress = page.getByRole('region', { name: `Return ${returnNumber}` });
  await expect(progress.getByRole('listitem').first()).toHaveText(/^Return requested \(completed\)/);
  await expect(progress.getByText('Pickup scheduled (not yet)')).toBeVisible();
  await expect(progress.getByRole('button', { name: `Cancel return ${returnNumber}` })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Track Order shows the owner the same progress.
  await page.goto(`/track-order?order=${encodeURIComponent(order.orderNumber)}`);
  await expect(page.getByRole('region', { name: `Return ${returnNumber}` })).toContainText(
    'Return requested',
  );
});

test("a COD order's refund needs a valid UPI ID; the return can then be cancelled", async ({ page }) => {
  const order = await deliveredOrder();
  await signInAt(page, `/orders/${order.orderId}/return`, order.user);
  await page.getByRole('combobox', { name: /^Reason/ }).selectOption({ label: 'Changed my mind' });
  await page.getByRole('radio', { name: 'Refund' }).check();
  await expect(page.getByRole('group', { name: 'Refund to' })).toBeVisible();
  await choosePickup(page);
  const upi = page.getByRole('textbox', { name: 'UPI ID' });
  await upi.fill('asha@');
  await page.getByRole('button', { name: 'Request return' }).click();
  await expect(page.getByText('Enter a valid UPI ID, like name@okaxis')).toBeVisible();
  await expect(upi).toHaveAttribute('aria-invalid', 'true');
  // nothing typed is lost
  await expect(upi).toHaveValue('asha@');
  await expect(page.getByLabel('Pickup date')).not.toHaveValue('');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await upi.fill('asha.verma@okaxis');
  await page.getByRole('button', { name: 'Request return' }).click();
  const returnNumber = (await page.getByTestId('return-number').textContent())!;
  const [stored] = await rest<{ refund_upi_id: string; resolution: string }[]>(
    `/rest/v1/returns?select=refund_upi_id,resolution&return_number=eq.${returnNumber}`,
  );
  expect(stored).toEqual({ refund_upi_id: 'asha.verma@okaxis', resolution: 'refund' });

  await page.goto('/profile?tab=orders');
  const progress = page.getByRole('region', { name: `Return ${returnNumber}` });
  page.once('dialog', (d) => void d.accept());
  await progress.getByRole('button', { name: `Cancel return ${returnNumber}` }).click();
  await expect(progress.getByText('Cancelled (completed)')).toBeVisible();
  await expect(progress.getByRole('button', { name: /Cancel return/ })).toHaveCount(0);
});

/** The first date a pickup may be booked: tomorrow in India, Monday when tomorrow is a Sunday. */
function firstPickupDate(): string {
  const day = new Date(`${new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0);
  return day.toISOString().slice(0, 10);
}

test('staff approve, pick up, receive and refund a return: the customer sees every step and the refund’s reference', async ({
  page,
}) => {
  const order = await deliveredOrder();
  const shopper = await accessToken(order.user);
  const [line] = await rest<{ id: number }[]>(`/rest/v1/order_items?select=id&order_id=eq.${order.orderId}`);
  const ret = await rest<{ id: string; return_number: string }>('/rest/v1/rpc/request_return', {
    method: 'POST',
    token: shopper,
    headers: { Accept: 'application/vnd.pgrst.object+json' },
    body: JSON.stringify({
      order_id: order.orderId,
      items: [{ order_item_id: line!.id, quantity: 1, reason: 'changed_mind' }],
      resolution: 'refund',
      pickup_date: firstPickupDate(),
      pickup_window: '13-17',
      refund_upi_id: 'asha.verma@okaxis',
    }),
  });
  const staff = await accessToken(await createUser('admin'));
  const asStaff = <T>(fn: string, body: object) =>
    rest<T>(`/rest/v1/rpc/${fn}`, { method: 'POST', token: staff, body: JSON.stringify(body) });
  await asStaff('admin_decide_return', { return_id: ret.id, approve: true });
  await asStaff('admin_schedule_return_pickup', {
    return_id: ret.id,
    pickup_date: firstPickupDate(),
    pickup_window: '13-17',
  });
  await asStaff('admin_mark_return_picked_up', { return_id: ret.id });
  const [item] = await rest<{ id: number }[]>(`/rest/v1/return_items?select=id&return_id=eq.${ret.id}`);
  await asStaff('admin_receive_return', {
    return_id: ret.id,
    items: [{ return_item_id: item!.id, received: 1, damaged: 0 }],
  });
  const quote = await asStaff<{ refundable: number }>('return_refund_quote', { return_id: ret.id });
  // Staff paid the UPI ID themselves and record the transfer's UTR: processed at once.
  await asStaff('admin_create_refund', {
    order_id: order.orderId,
    amount: quote.refundable,
    reason: 'Return received',
    request_key: `e2e-${ret.id}`,
    return_id: ret.id,
    reference: '123456789012',
  });

  await signInAt(page, '/profile?tab=orders', order.user);
  const progress = page.getByRole('region', { name: `Return ${ret.return_number}` });
  await expect(progress.getByRole('listitem')).toHaveText([
    /^Return requested \(completed\)/,
    /^Pickup scheduled \(completed\).*1–5 pm$/,
    /^Picked up \(completed\)/,
    new RegExp(`^Refund initiated ${shownAmount(quote.refundable).replace(/[.]/g, '\\.')} \\(completed\\)`),
    /^Refund credited \(completed\).*Ref 123456789012$/,
  ]);
  await expect(progress.getByRole('button', { name: /Cancel return/ })).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('a prepaid order cancelled before dispatch shows its refund in order history', async ({ page }) => {
  const user = await createUser();
  const { order_number } = await placeOrder(user, { method: 'razorpay' });
  const id = await orderId(order_number);
  // The payment as the webhook records it (service role).
  await rest('/rest/v1/rpc/mark_order_paid', {
    method: 'POST',
    body: JSON.stringify({ order_id: id, razorpay_payment_id: `pay_e2e${Date.now()}` }),
  });
  const [paid] = await rest<{ total: number }[]>(`/rest/v1/orders?select=total&id=eq.${id}`);
  await signInAt(page, '/profile?tab=orders', user);
  const history = page.getByRole('listitem').filter({ hasText: order_number });
  page.once('dialog', (d) => void d.accept());
  await history.getByRole('button', { name: `Cancel Order ${order_number}` }).click();
  await expect(page.getByText(`Order ${order_number} cancelled.`)).toBeVisible();
  // A refund the provider has not settled yet (or staff retry) still reads as initiated.
  await expect(history.getByTestId('order-refund').getByRole('listitem').first()).toContainText(
    `Refund initiated ${shownAmount(Number(paid!.total))} (completed)`,
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('a line bought as not returnable is still taken back for damage or defects', async ({ page }) => {
  const order = await deliveredOrder();
  // The terms the line was bought under (order_items.returnable, snapshotted when ordered).
  await rest(`/rest/v1/order_items?order_id=eq.${order.orderId}`, {
    method: 'PATCH',
    body: JSON.stringify({ returnable: false }),
  });
  await signInAt(page, '/profile?tab=orders', order.user);
  const note = page
    .getByRole('listitem')
    .filter({ hasText: order.orderNumber })
    .getByTestId('return-line-note');
  await expect(note).toContainText('Not returnable — damaged or defective items are still replaced');
  await expect(note).toContainText(`by ${windowEnd()}`);
  await note.getByRole('link', { name: /report a problem/ }).click();
  const reason = page.getByRole('combobox', { name: /^Reason/ });
  await expect(reason.getByRole('option', { name: 'Damaged in transit' })).toHaveCount(1);
  await expect(reason.getByRole('option', { name: 'Changed my mind' })).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('a product that is not returnable says so on its page', async ({ page }) => {
  const name = `E2E made-to-order bench ${Date.now()}`;
  const product = await createProduct(name);
  try {
    await rest(`/rest/v1/products?id=eq.${product.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ returnable: false }),
    });
    await page.goto(`/product/${product.id}`);
    await expect(page.getByTestId('info-returns')).toHaveText(
      'Not returnableDamaged or defective items are replaced or refunded',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    // A returnable product keeps the store's window.
    await page.goto('/product/1');
    await expect(page.getByTestId('info-returns')).toContainText('30-Day Returns');
  } finally {
    await deleteProductNamed(name);
  }
});
