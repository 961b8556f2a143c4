import { expect, test } from '@playwright/test';
import { apiKeys } from '../../supabase-local/src/keys.ts';
import { seriousA11yViolations } from './support/axe';
import { API, createUser, deskContext, signInAsAdmin } from './support/admin';
import { orderId } from './support/outbox';
import { addSofaToCart, fillShipping, signInNewShopper } from './support/checkout';
import { rupeesShown } from './support/rupees';

// A checkout, two dispatches over SMTP and the admin: more than the default 30 s on two cores.
test.describe.configure({ timeout: 120_000 });

/** A message of supabase-local's mailbox, with the parts the SMTP listener parsed. */
interface StoredMail {
  to: string;
  from: string | null;
  subject: string;
  html: string;
  text: string;
  message_id: string | null;
}

async function mailsTo(to: string): Promise<StoredMail[]> {
  const res = await fetch(`${API}/auth/v1/mailbox/messages.json?to=${encodeURIComponent(to)}&limit=20`);
  if (!res.ok) throw new Error(`mailbox → ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { messages: StoredMail[] }).messages;
}

/**
 * Runs notify-dispatch now, as the every-minute schedule would (pg_cron → pg_net with the project's
 * secret key): the function claims what is due and sends it over SMTP to supabase-local's listener
 * (SMTP_* in playwright.config.ts's webServer env).
 */
async function dispatch(): Promise<void> {
  const key = apiKeys({}).secretKey;
  const res = await fetch(`${API}/functions/v1/notify-dispatch`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(res.status, await res.text()).toBe(200);
}

/** ₹24,999.00: how the mails write an amount (two decimals, Indian grouping). */
const mailRupees = (n: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(n);

test('a COD order gets its confirmation mail with the number and total the shopper saw; shipping it sends the shipped mail', async ({
  page,
  browser,
}) => {
  const { email } = await signInNewShopper(page);
  await addSofaToCart(page);
  await page.goto('/checkout');
  await fillShipping(page);
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  const payable = (await page.getByTestId('summary-total').textContent())!;
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').textContent())!;
  const total = (await page.getByTestId('order-total').textContent())!;
  expect(total).toBe(payable);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await dispatch();
  await expect
    .poll(async () => (await mailsTo(email)).map((m) => m.subject), { timeout: 20_000 })
    .toContain(`Order ${orderNumber} placed: pay ${mailRupees(rupeesShown(total))} on delivery`);
  const placed = (await mailsTo(email)).find((m) => m.subject.includes('placed'))!;
  for (const part of [placed.text, placed.html]) {
    expect(part).toContain(orderNumber);
    expect(part).toContain(mailRupees(rupeesShown(total)));
    expect(part).toContain('Aarav 3-Seater Fabric Sofa');
  }
  expect(placed.message_id).toContain('order_placed');

  // Staff ship it (the console is a desk tool: a desktop window), and the next dispatch sends the mail.
  const desk = await deskContext(browser);
  const admin = await desk.newPage();
  await signInAsAdmin(admin, await createUser('admin'));
  await admin.goto('/admin/orders');
  await admin.getByPlaceholder('Order number').fill(orderNumber);
  await expect(admin.locator('tbody tr')).toHaveCount(1);
  const row = admin.locator('tbody tr', { hasText: orderNumber });
  await row.getByRole('button', { name: 'Ship' }).click();
  await expect(admin.getByText(`Order ${orderNumber} shipped!`)).toBeVisible();

  await dispatch();
  await expect
    .poll(async () => (await mailsTo(email)).map((m) => m.subject), { timeout: 20_000 })
    .toContain(`Your order ${orderNumber} has shipped`);
  const shipped = (await mailsTo(email)).find((m) => m.subject.includes('has shipped'))!;
  expect(shipped.text).toContain(orderNumber);
  // each mail once, however often the dispatcher runs
  await dispatch();
  expect((await mailsTo(email)).filter((m) => m.subject.includes(orderNumber))).toHaveLength(2);

  // The order's Messages section says both went out.
  await admin.goto(`/admin/orders/${await orderId(orderNumber)}/show`);
  const messages = admin.getByRole('region', { name: 'Messages' });
  for (const name of ['Order placed e-mail', 'Shipped e-mail']) {
    const item = messages.getByRole('listitem', { name });
    await expect(item.getByText('Sent', { exact: true })).toBeVisible();
    await expect(item.getByText(/^Sent .* IST$/)).toBeVisible();
  }
  await desk.close();
});
