import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { addSofaToCart, fillShipping, signInNewShopper } from './support/checkout';
import { checkDelivery, findProduct, rangeText } from './support/delivery';

// Seed facts (supabase/seed.sql): 560001 is Bangalore (Metro zone), 744101 Port Blair is in no zone,
// 682555 Kavaratti is Lakshadweep (₹499, never free, no large items, no cash on delivery). Product 1,
// the Aarav sofa (₹24,999), is a large item; the Saanvi shelves (₹2,499) are not.
const SOFA = 1;

/** The product page's "Check delivery" answer. */
const answerOf = (page: Page) => page.getByTestId('delivery-answer');

test('the product page says when a pincode gets the sofa, what it costs and whether COD is offered, or why not', async ({
  page,
}) => {
  await page.goto(`/product/${SOFA}`);
  const box = page.getByRole('region', { name: 'Check delivery' });
  const pincode = box.getByLabel('Pincode');
  await expect(pincode).toHaveAttribute('inputmode', 'numeric');

  // Served: the dates check_delivery promises, free delivery (over ₹2,999), cash on delivery.
  const served = await checkDelivery('560001', [{ product_id: SOFA, quantity: 1 }]);
  expect(served.serviceable).toBe(true);
  await pincode.fill('560001');
  await expect(answerOf(page)).toContainText(`Delivery by ${rangeText(served)}`);
  await expect(answerOf(page)).toContainText('Free delivery');
  await expect(answerOf(page)).toContainText('Cash on Delivery available');
  await expect(answerOf(page)).toHaveAttribute('aria-live', 'polite');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // In the directory but in no zone: the database's words, plainly, and no dates.
  const notServed = await checkDelivery('744101');
  expect(notServed.serviceable).toBe(false);
  await pincode.fill('744101');
  await expect(answerOf(page)).toHaveText(notServed.message!);
  await expect(answerOf(page)).toContainText('do not deliver to 744101');
  await expect(answerOf(page)).not.toContainText('Delivery by');

  // A zone that takes no large items: the sofa cannot go there.
  await pincode.fill('682555');
  await expect(answerOf(page)).toContainText('is too large for delivery to 682555.');

  // Bad input gets a message from the same rule, never an error page.
  await pincode.fill('05600');
  await box.getByRole('button', { name: 'Check' }).click();
  await expect(answerOf(page)).toHaveText((await checkDelivery('05600')).message!);
  await pincode.fill('999999');
  await expect(answerOf(page)).toHaveText('We could not find pincode 999999. Please check it.');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The shelves reach Lakshadweep, at its own fee and without cash on delivery (its reason shown).
  const shelves = await findProduct(`name=eq.${encodeURIComponent('Saanvi Set of 3 Wall Shelves')}`);
  const island = await checkDelivery('682555', [{ product_id: shelves.id, quantity: 1 }]);
  await page.goto(`/product/${shelves.id}`);
  // The last pincode checked (999999, not in the directory, is still a valid pincode) comes back.
  await expect(page.getByLabel('Pincode')).toHaveValue('999999');
  await page.getByLabel('Pincode').fill('682555');
  await expect(answerOf(page)).toContainText(`Delivery by ${rangeText(island)}`);
  await expect(answerOf(page)).toContainText('Delivery ₹499');
  await expect(answerOf(page)).toContainText('Cash on Delivery is not available for pincode 682555.');

  // The cart starts from the same pincode, charges its zone's fee and gives the same dates.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart!')).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByLabel('Delivery pincode')).toHaveValue('682555');
  await expect(page.getByTestId('delivery-fee')).toHaveText('₹499');
  await expect(page.getByTestId('delivery-estimate')).toContainText(`Delivery by ${rangeText(island)}`);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test("a signed-in shopper's default address answers Check delivery before any pincode is typed", async ({
  page,
}) => {
  await signInNewShopper(page);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Address' }).click();
  await page.getByRole('button', { name: 'Add Address' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Full Name').fill('Ravi K. Sharma');
  await panel.getByLabel('Phone Number').fill('98123 45678');
  await panel.getByLabel('Address').fill('14 Residency Road');
  await panel.getByLabel('Pincode').fill('560025');
  await expect(panel.getByLabel('State')).toHaveValue('Karnataka');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Address saved successfully!')).toBeVisible();

  const served = await checkDelivery('560025', [{ product_id: SOFA, quantity: 1 }]);
  await page.goto(`/product/${SOFA}`);
  await expect(page.getByLabel('Pincode')).toHaveValue('560025');
  await expect(answerOf(page)).toContainText(`Delivery by ${rangeText(served)}`);
});

test('the cart flags a line its pincode cannot take, and checkout will not place that order', async ({
  page,
}) => {
  await signInNewShopper(page);
  await addSofaToCart(page);
  await page.goto('/cart');
  await page.getByLabel('Delivery pincode').fill('682555');
  await expect(page.getByTestId('line-undeliverable')).toContainText('is too large for delivery to 682555.');
  await expect(page.getByTestId('delivery-estimate')).toContainText('is too large for delivery to 682555.');

  await page.goto('/checkout');
  await fillShipping(page, '744101');
  const notServed = await checkDelivery('744101');
  await expect(page.getByTestId('delivery-estimate')).toContainText(notServed.message!);
  await expect(page.getByTestId('line-problem')).toHaveText(notServed.message!);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: notServed.message! })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  // the toast saying it too (sonner loads on the first toast, so it can come after the inline alert):
  // the scan waits for its fade-in instead of measuring its half-drawn text
  await expect(
    page.getByRole('region', { name: /^Notifications/ }).getByText(notServed.message!),
  ).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('at checkout a pincode fills city and state, and a state that contradicts it is pointed out', async ({
  page,
}) => {
  await signInNewShopper(page);
  await addSofaToCart(page);
  await page.goto('/checkout');
  const city = page.getByLabel('City');
  const state = page.getByLabel('State');
  await expect(state.locator('option')).toHaveCount(37); // "Choose a state" and the 36
  await page.getByLabel('Pincode').fill('560001');
  await expect(city).toHaveValue('Bangalore');
  await expect(state).toHaveValue('Karnataka');

  // Both stay editable; a contradicting state is flagged, not refused.
  await city.fill('Bengaluru');
  await state.selectOption('Kerala');
  await expect(page.getByText('Pincode 560001 is in Karnataka.')).toBeVisible();
  await expect(city).toHaveValue('Bengaluru');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await state.selectOption('Karnataka');
  await expect(page.getByText('Pincode 560001 is in Karnataka.')).toBeHidden();

  // Another pincode fills them again.
  await page.getByLabel('Pincode').fill('400001');
  await expect(city).toHaveValue('Mumbai');
  await expect(state).toHaveValue('Maharashtra');
});

test('cash on delivery is disabled above the cap, with the reason', async ({ page }) => {
  await signInNewShopper(page);
  const dear = await findProduct('in_stock=eq.true&stock_quantity=gt.0&price=gt.50000');
  await page.goto(`/product/${dear.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByText('Added to cart!')).toBeVisible();
  await page.goto('/checkout');
  await fillShipping(page);
  const cod = page.getByRole('radio', { name: /Cash on Delivery/ });
  await expect(cod).toBeDisabled();
  await expect(page.getByText('Cash on Delivery is available for orders up to ₹50,000.')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Card \/ UPI \/ NetBanking/ })).toBeChecked();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('the confirmation and tracking show the dates promised for the order', async ({ page }) => {
  await signInNewShopper(page);
  await addSofaToCart(page);
  await page.goto('/checkout');
  await fillShipping(page);
  const promised = await checkDelivery('560001', [{ product_id: SOFA, quantity: 1 }]);
  await expect(page.getByTestId('delivery-estimate')).toHaveText(`Delivery by ${rangeText(promised)}`);
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByRole('button', { name: 'Confirm Order' }).click();

  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByTestId('delivery-window')).toHaveText(rangeText(promised, true));
  await expect(page.getByText('business days')).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Track Your Order' }).click();
  await expect(page.getByText(rangeText(promised, true))).toBeVisible();
});
