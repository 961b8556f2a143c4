import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { API, reachPayment } from './support/checkout';

const sandbox = (page: Page) => page.getByRole('dialog', { name: /Razorpay sandbox/ });

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
