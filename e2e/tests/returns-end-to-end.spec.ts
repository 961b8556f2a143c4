import { expect, test, type Page } from '@playwright/test';
import { API, createUser, deskContext, placeOrder, signInAsAdmin } from './support/admin';
import { accessToken } from './support/admin-variants';
import { seriousA11yViolations } from './support/axe';
import { addSofaToCart, fillShipping, signInNewShopper, signInOnLoginPage } from './support/checkout';
import { orderId } from './support/outbox';
import { rest } from './support/rest';
import { apiKeys } from '../../supabase-local/src/keys.ts';

/**
 * A return from the customer's first click to the money back, across both apps and the Razorpay
 * sandbox (issue 19): a prepaid order, paid in the sandbox's checkout and delivered → the customer
 * asks for a return with a photo and a pickup slot in the storefront → staff approve, schedule,
 * mark picked up, receive and refund it in the admin → the sandbox settles the refund and sends its
 * signed refund.processed webhook → the customer sees "Refund credited" with the bank's reference
 * in Order history, and the sofa is back in stock. And a cash-on-delivery order's refund paid out to
 * the customer's UPI ID (RazorpayX payout, the UTR shown).
 */

// Checkout, delivery, two apps and the sandbox's settle and webhook: well over the default 30 s.
test.describe.configure({ timeout: 180_000 });

const keys = apiKeys({});

/** A 1×1 PNG: the photo of the damage. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The first date a pickup may be booked: tomorrow in India, Monday when tomorrow is a Sunday. */
function firstPickupDate(): string {
  const day = new Date(`${new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0);
  return day.toISOString().slice(0, 10);
}

const asStaff = <T>(token: string, fn: string, body: object) =>
  rest<T>(`/rest/v1/rpc/${fn}`, { method: 'POST', token, body: JSON.stringify(body) });

/** Staff ship and deliver the order (the API the admin's order page calls). */
async function deliver(staffToken: string, id: string): Promise<void> {
  for (const status of ['shipped', 'delivered'])
    await asStaff(staffToken, 'admin_set_order_status', { order_id: id, status });
}

const refundsOf = (id: string) =>
  rest<{ id: string; amount: number; status: string; rail: string; reference: string | null }[]>(
    `/rest/v1/refunds?select=id,amount,status,rail,reference&order_id=eq.${id}`,
  );

const stockOf = async (variantId: number) =>
  (
    await rest<{ stock_quantity: number }[]>(
      `/rest/v1/product_variants?select=stock_quantity&id=eq.${variantId}`,
    )
  )[0]!.stock_quantity;

/** The return form: the only line is chosen; a reason, the resolution and the first pickup slot. */
async function fillReturnForm(page: Page, reason: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Return or replace', level: 1 })).toBeVisible();
  await expect(page.getByRole('checkbox')).toBeChecked();
  await page.getByRole('combobox', { name: /^Reason/ }).selectOption({ label: reason });
  await page.getByRole('radio', { name: 'Refund' }).check();
  await page.getByLabel('Pickup date').selectOption({ index: 1 });
  await page.getByRole('radio', { name: '9 am–1 pm' }).check();
}

test('a prepaid order: the customer returns a damaged sofa with a photo, staff take it to a Razorpay refund, and the customer sees it credited', async ({
  page,
  browser,
  isMobile,
}) => {
  // Half of it is staff's, in the admin: a desk tool, whose journeys run at desktop width
  // (admin-*.spec.ts); the customer's screens on a phone: returns-storefront.spec.ts.
  test.skip(isMobile, 'staff work in the admin at desktop width');
  // The customer pays for the sofa in the sandbox's checkout.
  await signInNewShopper(page);
  await addSofaToCart(page);
  await page.goto('/checkout');
  await fillShipping(page);
  await page.getByRole('radio', { name: /Card \/ UPI \/ NetBanking/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page
    .getByRole('dialog', { name: /Razorpay sandbox/ })
    .getByRole('button', { name: 'Success' })
    .click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();
  const id = await orderId(orderNumber);
  const [paid] = await rest<{ payment_status: string; razorpay_payment_id: string; total: number }[]>(
    `/rest/v1/orders?select=payment_status,razorpay_payment_id,total&id=eq.${id}`,
  );
  expect(paid).toMatchObject({ payment_status: 'paid', razorpay_payment_id: expect.stringMatching(/^pay_/) });
  const [line] = await rest<{ variant_id: number }[]>(
    `/rest/v1/order_items?select=variant_id&order_id=eq.${id}`,
  );

  const staffUser = await createUser('admin');
  await deliver(await accessToken(staffUser), id);

  // The customer asks for a return from Order history: damaged, with a photo, refund, a pickup slot.
  await page.goto('/profile?tab=orders');
  const history = page.getByRole('listitem').filter({ hasText: orderNumber });
  await history
    .getByTestId('return-line-note')
    .getByRole('link', { name: /Return or replace/ })
    .click();
  await fillReturnForm(page, 'Damaged in transit');
  // Paid online: the refund goes back to the payment, no account is asked for.
  await expect(page.getByRole('group', { name: 'Refund to' })).toHaveCount(0);
  await page
    .getByLabel('Add photos')
    .setInputFiles({ name: 'cracked-leg.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(page.getByRole('img', { name: /Photo 1: cracked-leg\.png/ })).toBeVisible();
  await page.getByRole('button', { name: 'Request return' }).click();
  await expect(page.getByRole('status').getByText('Return requested')).toBeVisible();
  const returnNumber = (await page.getByTestId('return-number').textContent())!.trim();
  const [ret] = await rest<{ id: string; photos: string[]; status: string }[]>(
    `/rest/v1/returns?select=id,photos,status&return_number=eq.${returnNumber}`,
  );
  expect(ret).toMatchObject({ status: 'requested' });
  expect(ret!.photos).toHaveLength(1);

  // Staff, in the admin: the return's page with the photo; approve, schedule, picked up, receive.
  const admin = await (await deskContext(browser)).newPage();
  await signInAsAdmin(admin, staffUser);
  await admin.goto(`/admin/returns/${ret!.id}/show`);
  await expect(admin.getByRole('heading', { name: `Return ${returnNumber}` })).toBeVisible();
  await expect(admin.getByText('The original payment (Razorpay)')).toBeVisible();
  const photo = admin.getByRole('img', { name: `Photo 1 of return ${returnNumber}` });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await admin.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(admin.getByText(`Return ${returnNumber} approved`)).toBeVisible();
  await admin.getByRole('button', { name: 'Schedule pickup' }).click();
  await admin
    .getByRole('dialog', { name: `Schedule pickup of ${returnNumber}` })
    .getByRole('button', { name: 'Schedule pickup' })
    .click();
  await expect(admin.getByText(`Pickup of ${returnNumber} scheduled`)).toBeVisible();
  await admin.getByRole('button', { name: 'Mark picked up' }).click();
  await expect(admin.getByText(`Return ${returnNumber} picked up`)).toBeVisible();

  const stockBefore = await stockOf(line!.variant_id);
  await admin.getByRole('button', { name: 'Receive', exact: true }).click();
  const receive = admin.getByRole('dialog', { name: `Receive return ${returnNumber}` });
  await expect(receive.getByLabel(/^Received of/)).toHaveValue('1');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(admin.getByText(`Return ${returnNumber} received`)).toBeVisible();
  // The sofa came back resellable: on sale again.
  expect(await stockOf(line!.variant_id)).toBe(stockBefore + 1);

  // Refund: the proposal is the whole sofa (damaged in transit: the store's fault); Razorpay.
  const quote = await asStaff<{ amount: number }>(await accessToken(staffUser), 'return_refund_quote', {
    return_id: ret!.id,
  });
  expect(Number(quote.amount)).toBe(Number(paid!.total));
  await admin.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: `Refund return ${returnNumber}` });
  await expect(dialog.getByLabel('Amount (₹)')).toHaveValue(String(quote.amount));
  await expect(
    dialog.getByText('Refunded to the customer’s original payment through Razorpay.'),
  ).toBeVisible();
  expect(await seriousA11yViolations(admin)).toEqual([]);
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden();

  // The refunds function asked the sandbox; it settles and sends refund.processed to the webhook.
  await expect
    .poll(async () => (await refundsOf(id)).map((r) => [r.rail, r.status]), { timeout: 30_000 })
    .toEqual([['razorpay', 'processed']]);
  const [refund] = await refundsOf(id);
  expect(Number(refund!.amount)).toBe(Number(paid!.total));
  expect(refund!.reference).toMatch(/^\d{23}$/); // the ARN
  const [after] = await rest<{ payment_status: string }[]>(
    `/rest/v1/orders?select=payment_status&id=eq.${id}`,
  );
  expect(after!.payment_status).toBe('refunded');
  const [closed] = await rest<{ status: string }[]>(`/rest/v1/returns?select=status&id=eq.${ret!.id}`);
  expect(closed!.status).toBe('closed');

  // The customer: every step done, the refund credited with the bank's reference.
  await page.goto('/profile?tab=orders');
  const progress = page.getByRole('region', { name: `Return ${returnNumber}` });
  await expect(progress.getByRole('listitem').last()).toHaveText(
    new RegExp(`^Refund credited \\(completed\\).*Ref ${refund!.reference}$`),
  );
  await expect(progress.getByRole('listitem').filter({ hasText: /^Picked up \(completed\)/ })).toHaveCount(1);
  await expect(progress.getByRole('button', { name: /Cancel return/ })).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('a cash-on-delivery order: the refund of its return is paid out to the customer’s UPI ID, with the UTR shown', async ({
  page,
}) => {
  const shopper = await createUser();
  const { order_number } = await placeOrder(shopper);
  const id = await orderId(order_number);
  const staffToken = await accessToken(await createUser('admin'));
  await deliver(staffToken, id);

  // The customer asks for a refund of a change of mind, to their UPI ID.
  await page.goto(`/login?redirect=${encodeURIComponent(`/orders/${id}/return`)}`);
  await signInOnLoginPage(page, shopper);
  await fillReturnForm(page, 'Changed my mind');
  await expect(page.getByRole('group', { name: 'Refund to' })).toBeVisible();
  await page.getByRole('textbox', { name: 'UPI ID' }).fill('asha.verma@okaxis');
  await page.getByRole('button', { name: 'Request return' }).click();
  const returnNumber = (await page.getByTestId('return-number').textContent())!.trim();
  const [ret] = await rest<{ id: string; refund_upi_id: string }[]>(
    `/rest/v1/returns?select=id,refund_upi_id&return_number=eq.${returnNumber}`,
  );
  expect(ret!.refund_upi_id).toBe('asha.verma@okaxis');

  // Staff's steps (their screens: admin-returns.spec.ts), then the refund as the Refund dialog makes it.
  await asStaff(staffToken, 'admin_decide_return', { return_id: ret!.id, approve: true });
  await asStaff(staffToken, 'admin_schedule_return_pickup', {
    return_id: ret!.id,
    pickup_date: firstPickupDate(),
    pickup_window: '13-17',
  });
  await asStaff(staffToken, 'admin_mark_return_picked_up', { return_id: ret!.id });
  const [item] = await rest<{ id: number }[]>(`/rest/v1/return_items?select=id&return_id=eq.${ret!.id}`);
  await asStaff(staffToken, 'admin_receive_return', {
    return_id: ret!.id,
    items: [{ return_item_id: item!.id, received: 1, damaged: 0 }],
  });
  const quote = await asStaff<{ amount: number }>(staffToken, 'return_refund_quote', { return_id: ret!.id });
  const made = await asStaff<{ rail: string; status: string }>(staffToken, 'admin_create_refund', {
    order_id: id,
    amount: quote.amount,
    reason: `Return ${returnNumber}`,
    request_key: `e2e-upi-${ret!.id}`,
    return_id: ret!.id,
  });
  expect(made).toMatchObject({ rail: 'upi_payout', status: 'pending' });
  const issued = await fetch(`${API}/functions/v1/refunds`, {
    method: 'POST',
    headers: {
      apikey: keys.anonKey,
      Authorization: `Bearer ${staffToken}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ order_id: id }),
  });
  expect(issued.ok, await issued.text()).toBe(true);

  // RazorpayX processes the payout and sends payout.processed with the UTR.
  await expect
    .poll(async () => (await refundsOf(id)).map((r) => [r.rail, r.status]), { timeout: 30_000 })
    .toEqual([['upi_payout', 'processed']]);
  const [refund] = await refundsOf(id);
  expect(refund!.reference).toMatch(/^\d{12}$/);

  await page.goto('/profile?tab=orders');
  const progress = page.getByRole('region', { name: `Return ${returnNumber}` });
  await expect(progress.getByRole('listitem').last()).toHaveText(
    new RegExp(`^Refund credited \\(completed\\).*Ref ${refund!.reference}$`),
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
});
