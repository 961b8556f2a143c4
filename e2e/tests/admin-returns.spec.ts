import { expect, test, type Page } from '@playwright/test';
import { apiKeys } from '../../supabase-local/src/keys.ts';
import { seriousA11yViolations } from './support/axe';
import { API, blockThirdParty, createUser, signInAsAdmin } from './support/admin';
import { rest } from './support/rest';

// One journey from a requested return to its refund, through every staff step, on two cores: more
// than the default 30 s.
test.describe.configure({ timeout: 150_000 });

const keys = apiKeys({});
type User = { email: string; password: string; id: string };

/** A user's access token (a fresh sign-in: the admin RPCs want a fresh admin session). */
async function tokenOf(user: User): Promise<string> {
  const res = await fetch(`${API}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: keys.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const rpc = <T>(name: string, token: string, body: unknown) =>
  rest<T>(`/rest/v1/rpc/${name}`, {
    method: 'POST',
    token,
    body: JSON.stringify(body),
  });

/** A 1×1 PNG: the photo a customer attaches to a damaged item. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The first day from tomorrow (IST) that is not a Sunday: a pickup day the customer may book. */
function pickupDay(): string {
  const ist = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(d);
  for (let n = 1; ; n++) {
    const day = ist(new Date(Date.now() + n * 86_400_000));
    if (new Date(`${day}T00:00:00Z`).getUTCDay() !== 0) return day;
  }
}

interface Delivered {
  order: { id: string; order_number: string };
  line: { id: number; variant_id: number; quantity: number };
  ret: { id: string; return_number: string };
  staff: User;
}

/**
 * A shopper's cash-on-delivery order of two units, shipped and delivered by staff (COD is paid on
 * delivery), and the shopper's return of both units as damaged in transit, with a photo and a UPI ID
 * for the refund. Everything through the API, as the storefront and the console call it.
 */
async function requestedReturn(): Promise<Delivered> {
  const shopper = await createUser();
  const staff = await createUser('admin');
  const shopperToken = await tokenOf(shopper);
  const staffToken = await tokenOf(staff);
  // a returnable variant with plenty on hand (other journeys buy from the same catalogue)
  const [variant] = await rest<{ id: number }[]>(
    '/rest/v1/product_variants?select=id,products!inner(returnable)&products.returnable=eq.true' +
      '&is_active=eq.true&made_to_order=eq.false&price=lt.20000&stock_quantity=gte.10&order=stock_quantity.desc&limit=1',
  );
  const order = await rpc<{ id: string; order_number: string }>('place_order', shopperToken, {
    items: [{ variant_id: variant!.id, quantity: 2 }],
    shipping_address: {
      fullName: 'Asha Verma',
      email: shopper.email,
      phone: '9876543210',
      address: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    },
    payment_method: 'cod',
  });
  for (const status of ['shipped', 'delivered'])
    await rpc('admin_set_order_status', staffToken, { order_id: order.id, status });
  const [line] = await rest<Delivered['line'][]>(
    `/rest/v1/order_items?select=id,variant_id,quantity&order_id=eq.${order.id}`,
  );
  const photo = `${shopper.id}/e2e-${Date.now()}/1.png`;
  const upload = await fetch(`${API}/storage/v1/object/return-photos/${photo}`, {
    method: 'POST',
    headers: { apikey: keys.anonKey, Authorization: `Bearer ${shopperToken}`, 'Content-Type': 'image/png' },
    body: PNG,
  });
  expect(upload.ok, await upload.text()).toBe(true);
  const ret = await rpc<{ id: string; return_number: string }>('request_return', shopperToken, {
    order_id: order.id,
    items: [{ order_item_id: line!.id, quantity: 2, reason: 'damaged_in_transit' }],
    resolution: 'refund',
    pickup_date: pickupDay(),
    pickup_window: '09-13',
    photos: [photo],
    note: 'The legs arrived cracked.',
    refund_upi_id: 'asha.verma@okaxis',
  });
  return { order, line: line!, ret, staff };
}

const stockOf = async (variantId: number) =>
  (
    await rest<{ stock_quantity: number }[]>(
      `/rest/v1/product_variants?select=stock_quantity&id=eq.${variantId}`,
    )
  )[0]!.stock_quantity;

const refundsOf = (orderId: string) =>
  rest<{ id: string; amount: number; status: string; rail: string; reference: string | null }[]>(
    `/rest/v1/refunds?select=id,amount,status,rail,reference&order_id=eq.${orderId}`,
  );

/** The queue's row of a return, filtered by its number. */
async function openFromQueue(page: Page, returnNumber: string) {
  await page.getByRole('menuitem', { name: /Returns/ }).click();
  await expect(page).toHaveURL(/\/admin\/returns/);
  await page.getByPlaceholder('Return number').fill(returnNumber);
  const row = page.locator('tbody tr', { hasText: returnNumber });
  await expect(row).toBeVisible();
  return row;
}

test('staff take a damaged return from the queue to its refund: approve, pickup, receive (one damaged), refund once, and the stock and the order page show it', async ({
  page,
}) => {
  const outside = await blockThirdParty(page);
  const { order, line, ret, staff } = await requestedReturn();
  await signInAsAdmin(page, staff);

  // The queue: open returns, oldest first; the age filter hides one made today
  const row = await openFromQueue(page, ret.return_number);
  await expect(row).toContainText(order.order_number);
  await expect(row).toContainText('Asha Verma');
  await expect(row).toContainText('Requested');
  await expect(row).toContainText('Today');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('combobox', { name: /^Age/ }).click();
  await page.getByRole('option', { name: 'Older than 2 days' }).click();
  await expect(page.locator('tbody tr', { hasText: ret.return_number })).toHaveCount(0);
  await page.getByRole('combobox', { name: /^Age/ }).click();
  // the first choice empties the filter (react-admin names it "Clear value")
  await page.getByRole('listbox').getByRole('option').first().click();

  // The return's page: order link, the photo (a signed URL of the private bucket), the masked UPI ID
  await page.locator('tbody tr', { hasText: ret.return_number }).locator('td').first().click();
  await expect(page.getByRole('heading', { name: `Return ${ret.return_number}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Order ${order.order_number}` })).toBeVisible();
  await expect(page.getByText('UPI as***@okaxis')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Returned items' })).toContainText('Damaged in transit');
  const photo = page.getByRole('img', { name: `Photo 1 of return ${ret.return_number}` });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Reject needs a reason; staff think again and approve
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const reject = page.getByRole('dialog', { name: `Reject return ${ret.return_number}` });
  await reject.getByRole('button', { name: 'Reject return' }).click();
  await expect(
    reject.getByText('Give the reason (at least 3 characters): the customer will see it.'),
  ).toBeVisible();
  await reject.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText(`Return ${ret.return_number} approved`)).toBeVisible();

  // Pickup: the customer's slot is offered; then picked up
  await page.getByRole('button', { name: 'Schedule pickup' }).click();
  const pickup = page.getByRole('dialog', { name: `Schedule pickup of ${ret.return_number}` });
  await expect(pickup.getByLabel('Pickup date (IST)')).toHaveValue(pickupDay());
  await pickup.getByRole('button', { name: 'Schedule pickup' }).click();
  await expect(page.getByText(`Pickup of ${ret.return_number} scheduled`)).toBeVisible();
  await page.getByRole('button', { name: 'Mark picked up' }).click();
  await expect(page.getByText(`Return ${ret.return_number} picked up`)).toBeVisible();

  // Receive: both arrived, one damaged — one goes back to stock, one is written off
  const stockBefore = await stockOf(line.variant_id);
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  const receive = page.getByRole('dialog', { name: `Receive return ${ret.return_number}` });
  await expect(receive.getByLabel(/^Received of/)).toHaveValue('2');
  await receive.getByLabel(/^Damaged of/).fill('3');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(receive.getByText('Damaged units are among those received.')).toBeVisible();
  await receive.getByLabel(/^Damaged of/).fill('1');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(page.getByText(`Return ${ret.return_number} received`)).toBeVisible();
  expect(await stockOf(line.variant_id)).toBe(stockBefore + 1);
  await expect(page.getByRole('table', { name: 'Returned items' }).getByRole('row').nth(1)).toContainText(
    /2\s*1$/,
  );

  // Refund: the database's proposal, with its delivery-fee rule; a double click makes one refund
  const quote = await rpc<{ amount: number }>('return_refund_quote', await tokenOf(staff), {
    return_id: ret.id,
  });
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: `Refund return ${ret.return_number}` });
  await expect(refund.getByLabel('Amount (₹)')).toHaveValue(String(quote.amount));
  await expect(refund.getByText(/Delivery fee (included|not included): the store/)).toBeVisible();
  await expect(refund.getByRole('radio', { name: 'Pay to UPI as***@okaxis' })).toBeChecked();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await refund.getByRole('button', { name: 'Refund' }).dblclick();
  await expect(refund).toBeHidden();
  const made = await refundsOf(order.id);
  expect(made).toHaveLength(1);
  expect(Number(made[0]!.amount)).toBe(quote.amount);
  expect(made[0]!.rail).toBe('upi_payout');

  // The order page: the refund, processed once the sandbox's payout webhook came, with its UTR
  await page.getByRole('link', { name: `Order ${order.order_number}` }).click();
  const refunds = page.getByRole('table', { name: 'Refunds' });
  await expect(refunds).toContainText('UPI payout');
  await expect
    .poll(async () => (await refundsOf(order.id))[0]!.status, { timeout: 30_000 })
    .toBe('processed');
  await page.reload();
  await expect(refunds.getByText('Processed')).toBeVisible();
  const [processed] = await refundsOf(order.id);
  expect(processed!.reference).toMatch(/^\d{12}$/);
  await expect(refunds).toContainText(processed!.reference!);
  await expect(
    page.getByRole('region', { name: 'Returns', exact: true }).getByRole('link', { name: ret.return_number }),
  ).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(outside).toEqual([]);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('staff read the queue and a requested return, and the reject dialog fits', async ({ page }) => {
    const { ret, staff } = await requestedReturn();
    await signInAsAdmin(page, staff);
    await page.goto('/admin/returns');
    await page.getByPlaceholder('Return number').fill(ret.return_number);
    await expect(page.locator('tbody tr', { hasText: ret.return_number })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto(`/admin/returns/${ret.id}/show`);
    await expect(page.getByRole('heading', { name: `Return ${ret.return_number}` })).toBeVisible();
    await expect(page.getByText('UPI as***@okaxis')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // the items table scrolls inside the phone's width instead of widening the page
    const items = await page.getByRole('region', { name: 'Returned items (scrolls sideways)' }).boundingBox();
    expect(items!.x + items!.width).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const reject = page.getByRole('dialog', { name: `Reject return ${ret.return_number}` });
    await expect(reject.getByLabel('Reason for rejecting')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await reject.getByRole('button', { name: 'Cancel' }).press('Enter');
    await expect(reject).toBeHidden();
  });
});
