import { expect, test } from '@playwright/test';
import { apiKeys } from '../../supabase-local/src/keys.ts';
import {
  API,
  addSofaToCart,
  fillShipping,
  reachPayment,
  signInNewShopper,
  signInOnLoginPage,
} from './support/checkout';
import { createUser } from './support/admin';
import { seriousA11yViolations } from './support/axe';

test('a visitor is asked to log in at checkout and comes back to it', async ({ page }) => {
  const user = await createUser();
  await addSofaToCart(page);
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Please login to continue.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout$/);
  await signInOnLoginPage(page, user);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
});

test('checkout checks the fields and previews promo codes from the database', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);

  const user = await createUser();
  await page.goto('/login');
  await signInOnLoginPage(page, user);
  await addSofaToCart(page);
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('alert').getByText('Please fill in all required fields.')).toBeVisible();

  const promo = page.getByLabel('Promo Code');
  await promo.fill('SAVE10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Promo code applied! 10% discount added.')).toBeVisible();
  await expect(page.getByTestId('summary-discount')).toHaveText('−₹2,499.90');
  await promo.fill('FLAT500');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Promo code applied! ₹500 discount added.')).toBeVisible();
  await expect(page.getByTestId('summary-total')).toHaveText('₹24,499');
  await promo.fill('NOPE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Invalid promo code.')).toBeVisible();
  await expect(page.getByTestId('summary-total')).toHaveText('₹24,999');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await fillShipping(page);
  await page.getByLabel('Pincode').fill('12345');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Enter a 6-digit pincode')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
});

test('a customer pays cash on delivery, sees the confirmation, tracks and cancels the order', async ({
  page,
}) => {
  await reachPayment(page, 'Cash on Delivery');
  await expect(page.getByText('12 MG Road, Ashok Nagar, Bengaluru, Karnataka 560001')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Confirm Order' }).click();

  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').textContent())!;
  // ORD + the date + 10 random digits (not a sequence).
  expect(orderNumber).toMatch(/^ORD\d{16}$/);
  await expect(page.getByTestId('payment-id')).toHaveText(/^COD_\d+$/);
  await expect(page.getByTestId('order-status')).toHaveText('Confirmed');
  // The order's own promised dates (delivery-by-pincode.spec.ts checks them against check_delivery).
  await expect(page.getByTestId('delivery-window')).toHaveText(
    /^\w{3} \d{1,2} \w{3} \d{4}( – \w{3} \d{1,2} \w{3} \d{4})?$/,
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.reload();
  await expect(page.getByTestId('order-number')).toHaveText(orderNumber);
  await expect(page.getByRole('banner').getByRole('link', { name: /cart/i })).not.toContainText(/[1-9]/);

  await page.getByRole('link', { name: 'Track Your Order' }).click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByTestId('tracking-status')).toHaveText('pending');
  const timeline = page.getByRole('list', { name: 'Order timeline' }).getByRole('listitem');
  await expect(timeline).toHaveCount(6);
  await expect(timeline.first()).toHaveAttribute('data-completed', 'true');
  await expect(timeline.nth(2)).toHaveAttribute('data-completed', 'false');
  await expect(page.getByText('Aarav 3-Seater Fabric Sofa × 1')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByLabel('Order Number').fill('ORD000000000000');
  await page.getByRole('button', { name: 'Track Order' }).click();
  await expect(page.getByText(/We could not find order ORD000000000000/)).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Order History' }).click();
  await expect(page.getByText(orderNumber).first()).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: `Cancel Order ${orderNumber}` }).click();
  await expect(page.getByText(`Order ${orderNumber} cancelled.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Cancel Order ${orderNumber}` })).toBeHidden();
  await page.goto(`/track-order?order=${orderNumber}`);
  await expect(page.getByTestId('tracking-status')).toHaveText('cancelled');
});

test("the cart stops at the store's per-order limit, and checkout says why more is refused", async ({
  page,
}) => {
  const [product] = (await (
    await fetch(
      `${API}/rest/v1/products?select=id,name&in_stock=eq.true&stock_quantity=gte.12&price=lt.4000&order=id&limit=1`,
      { headers: { apikey: apiKeys({}).anonKey } },
    )
  ).json()) as Array<{ id: number; name: string }>;
  await signInNewShopper(page);
  // A cart kept from before the limit (localStorage), with 12 of one product.
  await page.evaluate((id) => {
    const lines = [{ key: `${id}||`, productId: id, qty: 12 }];
    localStorage.setItem('furnicraft-cart', JSON.stringify({ state: { lines }, version: 1 }));
  }, product!.id);
  await page.goto('/cart');
  await expect(page.getByLabel(`Quantity of ${product!.name}`, { exact: true })).toHaveText('12');
  await expect(page.getByText('At most 10 per order')).toBeVisible();
  await expect(page.getByRole('button', { name: `Increase quantity of ${product!.name}` })).toBeDisabled();

  await page.goto('/checkout');
  await fillShipping(page);
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(
    page.getByText(`You can order at most 10 of "${product!.name}" at a time. Please reduce the quantity.`),
  ).toBeVisible();

  await page.goto('/cart');
  await page.getByRole('button', { name: `Decrease quantity of ${product!.name}` }).click();
  await expect(page.getByLabel(`Quantity of ${product!.name}`, { exact: true })).toHaveText('10');
  await expect(page.getByRole('button', { name: `Increase quantity of ${product!.name}` })).toBeDisabled();
});

test('track order tells a shopper who tries too many numbers to wait a minute', async ({ page }) => {
  // Signed in, the shopper is counted by account (10 look-ups a minute), not with other tests.
  await signInNewShopper(page);
  const answer = page.getByText(/We could not find order|Too many attempts/);
  const seen: string[] = [];
  for (let i = 0; i < 11; i++) {
    await page.goto(`/track-order?order=ORD2611240000000${String(100 + i)}`);
    seen.push(
      (await answer.textContent({ timeout: 10_000 }))!.startsWith('Too many') ? 'limited' : 'not found',
    );
  }
  expect(seen.slice(0, 10)).toEqual(Array(10).fill('not found'));
  await expect(page.getByRole('alert')).toHaveText('Too many attempts. Please wait a minute and try again.');
});
