import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times: it is reachable by
 * keyboard.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 40 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`not reached with ${max} presses of Tab: ${target.toString()}`);
}

test('a shopper finds a sofa, adds it, changes the quantity and asks the assistant, by keyboard alone', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();

  // The first stop is the skip link, which leads past the header.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

  const search = page.getByRole('combobox', { name: 'Search products and categories' });
  await tabTo(page, search);
  await page.keyboard.type('sofaa');
  const options = page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option');
  await expect(options.first()).toContainText('Sofas');
  await expect(options.nth(1)).toContainText('Sofa'); // the products arrive after the categories
  await page.keyboard.press('ArrowDown'); // the category
  await page.keyboard.press('ArrowDown'); // the first product
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  const product = (await options.nth(1).innerText()).split('\n')[0]!;
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product);

  await tabTo(page, page.getByRole('button', { name: 'Add to Cart' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Added to cart!')).toBeVisible();

  await tabTo(page, page.getByRole('link', { name: 'Cart, 1 item' }), { backwards: true }); // up to the header
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/cart');
  // The stepper is enabled once the cart is priced (the most that may be bought is known); tabbing
  // before that would pass it by and go round the whole page, footer included.
  const increase = page.getByRole('button', { name: `Increase quantity of ${product}` });
  await expect(increase).toBeEnabled();
  await tabTo(page, increase);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(`Quantity of ${product}`, { exact: true })).toHaveText('2');
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Open chat' }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Type your message')).toBeFocused();
  await page.keyboard.type('How long does delivery take?');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Chat with FurniCraft assistant' })).toContainText(
    'Delivery dates depend on your pincode',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Chat with FurniCraft assistant' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open chat' })).toBeFocused();

  await tabTo(
    page,
    page
      .getByRole('link', { name: 'Proceed to Checkout' })
      .or(page.getByRole('button', { name: 'Proceed to Checkout' })),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/checkout');
  // The shipping form is next for the keyboard.
  await tabTo(page, page.getByLabel('Full Name'));
});
