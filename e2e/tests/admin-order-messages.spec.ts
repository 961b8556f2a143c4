import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { blockThirdParty, createUser, placeOrder, signInAsAdmin } from './support/admin';
import { deadCount, markOutboxRow, orderId, outboxOf } from './support/outbox';

// Each journey signs in and loads the console: more than the default 30 s on two cores.
test.describe.configure({ timeout: 90_000 });

const SMTP_ERROR = '550 5.1.1 <asha@example.com>: Recipient address rejected: mailbox unavailable';

test("an order's Messages show its e-mails with their errors; Resend queues a dead one again; the dashboard counts dead ones", async ({
  page,
}) => {
  const outside = await blockThirdParty(page);
  const shopper = await createUser();
  const order = await placeOrder(shopper);
  const id = await orderId(order.order_number);

  // place_order queued the confirmation in the same transaction; the dispatcher gave up on it.
  const [placed] = await outboxOf(id);
  expect(placed).toMatchObject({ event: 'order_placed', status: 'pending' });
  await markOutboxRow(placed!.id, 'dead', SMTP_ERROR);
  const dead = await deadCount();
  expect(dead).toBeGreaterThan(0);

  await signInAsAdmin(page, await createUser('admin'));
  const undelivered = page.getByRole('region', { name: `Undelivered e-mails: ${dead}` });
  await expect(undelivered).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await undelivered.getByRole('link', { name: `${order.order_number}: Order placed` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${id}/show`));

  const messages = page.getByRole('region', { name: 'Messages' });
  const mail = messages.getByRole('listitem', { name: 'Order placed e-mail' });
  await expect(mail).toBeVisible();
  await expect(mail.getByText('Dead', { exact: true })).toBeVisible();
  await expect(mail.getByText(`Error: ${SMTP_ERROR}`)).toBeVisible();
  await expect(mail.getByText('Gave up after 8 attempts')).toBeVisible();
  await expect(mail.getByText(/\d{4}, \d{1,2}:\d{2} [ap]m IST · to /i)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await mail.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText('E-mail queued to be sent again.')).toBeVisible();
  await expect(mail.getByText('Pending', { exact: true })).toBeVisible();
  await expect(mail.getByText('Waiting to be sent')).toBeVisible();
  await expect(mail.getByText(/^Error:/)).toHaveCount(0);
  await expect(mail.getByRole('button', { name: 'Resend' })).toHaveCount(0);
  expect((await outboxOf(id))[0]).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
  expect(await deadCount()).toBe(dead - 1);

  // Back on the dashboard: the count went down, and with none left the notice is gone.
  const counted = page.waitForResponse(
    (r) => r.url().includes('/rest/v1/notification_outbox') && r.request().method() === 'HEAD',
  );
  await page.goto('/admin/');
  expect((await counted).headers()['content-range']).toBe(`*/${dead - 1}`);
  await expect(page.getByText('Total Orders')).toBeVisible();
  if (dead === 1) await expect(page.getByText(/Undelivered e-mails/)).toHaveCount(0);
  else await expect(page.getByRole('region', { name: `Undelivered e-mails: ${dead - 1}` })).toBeVisible();
  expect(outside).toEqual([]);
});

test('a failed e-mail shows its error and next try; newest first; staff ship the order and see the shipped mail queued', async ({
  page,
}) => {
  const order = await placeOrder(await createUser());
  const id = await orderId(order.order_number);
  const [placed] = await outboxOf(id);
  await markOutboxRow(placed!.id, 'failed', 'connect ECONNREFUSED 127.0.0.1:465');

  await signInAsAdmin(page, await createUser('admin'));
  await page.goto(`/admin/orders/${id}/show`);
  const messages = page.getByRole('region', { name: 'Messages' });
  const confirmation = messages.getByRole('listitem', { name: 'Order placed e-mail' });
  await expect(confirmation.getByText('Failed', { exact: true })).toBeVisible();
  await expect(confirmation.getByText('Error: connect ECONNREFUSED 127.0.0.1:465')).toBeVisible();
  await expect(confirmation.getByText(/^Attempt 1 failed; next try .* IST$/)).toBeVisible();
  await expect(confirmation.getByRole('button', { name: 'Resend' })).toBeVisible();

  await page.getByRole('button', { name: 'Ship' }).first().click();
  await expect(page.getByText(`Order ${order.order_number} shipped!`)).toBeVisible();
  const items = messages.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toHaveAccessibleName('Shipped e-mail');
  await expect(items.first().getByText('Pending', { exact: true })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
