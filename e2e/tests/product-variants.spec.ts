import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { fillShipping, signInNewShopper, signInOnLoginPage } from './support/checkout';
import { createProduct, createUser, deleteProductNamed } from './support/admin';
import { asStaff, choose, mainPicture, optionRadio, serviceRows, staffToken } from './support/variants';

// The seeded Aarav sofa (product 1): Fabric (Grey linen-look, Teal velvet, Mustard cotton) ×
// Configuration (3-seater, L-shape left/right); default AARAV-GL-3S ₹24,999; AARAV-TV-3S ₹27,999 (was
// ₹41,999); Teal L-shapes are made to order (21 days); AARAV-MU-LR is sold out.
const SOFA = '/product/1';

test('a shopper chooses a fabric and a size: price, picture and address follow; the cart and the order keep the variant', async ({
  page,
}) => {
  await signInNewShopper(page);
  await page.goto(SOFA);
  await expect(page.getByRole('heading', { level: 1, name: 'Aarav 3-Seater Fabric Sofa' })).toBeVisible();
  const price = page.getByTestId('product-price');
  await expect(price).toContainText('₹24,999');
  await expect(optionRadio(page, 'Fabric', 'Grey linen-look')).toBeChecked();
  await expect(optionRadio(page, 'Configuration', '3-seater')).toBeChecked();
  await expect(mainPicture(page)).toHaveAttribute('src', /aarav-gl-3s\.webp$/);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await choose(page, 'Fabric', 'Teal velvet');
  await expect(page).toHaveURL(/\/product\/1\?variant=AARAV-TV-3S$/);
  await expect(price).toContainText('₹27,999');
  await expect(price.locator('s')).toHaveText('Original price ₹41,999');
  await expect(price).toContainText('33% OFF');
  await expect(mainPicture(page)).toHaveAttribute('src', /aarav-tv-3s\.webp$/);
  // 6 seeded; each project's run of this test buys one.
  await expect(page.getByTestId('stock-status')).toHaveText(/^(In stock|Only [1-5] left)$/);

  // An L-shape in teal is made to order, with its own dimensions.
  await choose(page, 'Configuration', 'L-shape (left)');
  await expect(page).toHaveURL(/\?variant=AARAV-TV-LL$/);
  await expect(price).toContainText('₹37,999');
  await expect(page.getByTestId('stock-status')).toHaveText('Made to order — ships in 21 days');
  await expect(page.getByTestId('detail-dimensions')).toHaveText('W 260 x D 165 x H 86 cm');

  await choose(page, 'Configuration', '3-seater');
  await expect(page).toHaveURL(/\?variant=AARAV-TV-3S$/);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart!')).toBeVisible();

  await page.goto('/cart');
  const line = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem').first();
  await expect(line.getByTestId('line-variant')).toHaveText('Teal velvet / 3-seater');
  await expect(line).toContainText('SKU AARAV-TV-3S');
  await expect(page.getByTestId('subtotal')).toHaveText('₹27,999');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.goto('/checkout');
  await expect(page.getByRole('complementary', { name: 'Order Summary' })).toContainText(
    'Teal velvet / 3-seater',
  );
  await fillShipping(page);
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').textContent())!;

  // The order line is the variant, with its SKU and title kept as they were.
  const [order] = await serviceRows<{ items: { sku: string; variant_title: string; unit_price: number }[] }>(
    `orders?select=items:order_items(sku,variant_title,unit_price)&order_number=eq.${orderNumber}`,
  );
  expect(order!.items).toEqual([
    { sku: 'AARAV-TV-3S', variant_title: 'Teal velvet / 3-seater', unit_price: 27999 },
  ]);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Order History' }).click();
  await expect(page.getByText('Aarav 3-Seater Fabric Sofa (Teal velvet / 3-seater) × 1')).toBeVisible();
});

test('the pickers are radio groups a keyboard can use, and JSON-LD lists every variant as an offer', async ({
  page,
}) => {
  await page.goto(`${SOFA}?variant=AARAV-GL-3S`);
  const teal = optionRadio(page, 'Fabric', 'Teal velvet');
  await expect(teal).toBeEnabled();
  await optionRadio(page, 'Fabric', 'Grey linen-look').focus();
  await page.keyboard.press('ArrowRight');
  await expect(teal).toBeChecked();
  await expect(teal).toBeFocused();
  await expect(page).toHaveURL(/\?variant=AARAV-TV-3S$/);
  await page.keyboard.press('ArrowRight');
  await expect(optionRadio(page, 'Fabric', 'Mustard cotton')).toBeChecked();
  await expect(page).toHaveURL(/\?variant=AARAV-MU-3S$/);
  await expect(page.getByTestId('product-price')).toContainText('₹25,999');

  // Every seeded combination of the sofa exists: nothing disabled. The JSON-LD lists each as an offer.
  await expect(page.getByRole('radio', { disabled: true })).toHaveCount(0);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as {
    offers: {
      '@type': string;
      lowPrice: string;
      highPrice: string;
      offers: { sku: string; price: string; priceCurrency: string; availability: string; url: string }[];
    };
  };
  expect(ld.offers).toMatchObject({ '@type': 'AggregateOffer', lowPrice: '24999.00', highPrice: '37999.00' });
  const offers = ld.offers.offers;
  expect(offers).toHaveLength(9);
  expect(offers.find((o) => o.sku === 'AARAV-TV-3S')).toEqual(
    expect.objectContaining({
      price: '27999.00',
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
      url: expect.stringMatching(/\/product\/aarav-3-seater-fabric-sofa\?variant=AARAV-TV-3S$/),
    }),
  );
  expect(offers.find((o) => o.sku === 'AARAV-MU-LR')!.availability).toBe('https://schema.org/OutOfStock');
  expect(offers.find((o) => o.sku === 'AARAV-TV-LL')!.availability).toBe('https://schema.org/MadeToOrder');
});

test('a combination that is not sold is disabled in the pickers, and its SKU opens the default', async ({
  page,
}) => {
  // A table of its own: Finish (Teak, Walnut) × Size (Small, Large), made through the admin's RPCs;
  // Walnut / Large is then deactivated, so that combination does not exist for shoppers.
  const name = `Variant test table ${Date.now()}`;
  const { id } = await createProduct(name);
  const token = await staffToken(await createUser('admin'));
  await asStaff(token, 'rpc/admin_set_product_options', {
    method: 'POST',
    body: {
      product_id: id,
      options: [
        {
          name: 'Finish',
          values: [
            { value: 'Teak', swatch_color: '#a86a32' },
            { value: 'Walnut', swatch_color: '#4a2e1b' },
          ],
        },
        { name: 'Size', values: [{ value: 'Small' }, { value: 'Large' }] },
      ],
    },
  });
  const made = await asStaff<{ id: number; title: string; sku: string }[]>(
    token,
    'rpc/admin_generate_variants',
    {
      method: 'POST',
      body: { product_id: id },
    },
  );
  const walnutLarge = made.find((v) => v.title === 'Walnut / Large')!;
  // Stock for the two others (new variants start at 0), through the ledger as staff do.
  await asStaff(token, 'rpc/admin_adjust_stock', {
    method: 'POST',
    body: {
      changes: made.filter((v) => v !== walnutLarge).map((v) => ({ variant_id: v.id, quantity_change: 5 })),
      reason: 'receipt',
    },
  });
  await asStaff(token, `product_variants?id=eq.${walnutLarge.id}`, {
    method: 'PATCH',
    body: { is_active: false },
  });

  try {
    await page.goto(`/product/${id}`);
    await expect(optionRadio(page, 'Finish', 'Teak')).toBeChecked();
    await expect(optionRadio(page, 'Size', 'Small')).toBeChecked();
    await choose(page, 'Finish', 'Walnut');
    const large = page.getByRole('group', { name: 'Size' }).getByRole('radio', { name: /^Large/ });
    await expect(large).toBeDisabled();
    await expect(large).toHaveAccessibleName('Large (not available with your other choices)');
    await choose(page, 'Finish', 'Teak');
    await expect(large).toBeEnabled();
    await choose(page, 'Size', 'Large');
    await expect(
      page.getByRole('group', { name: 'Finish' }).getByRole('radio', { name: /^Walnut/ }),
    ).toBeDisabled();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`/product/${id}?variant=${walnutLarge.sku}`);
    await expect(optionRadio(page, 'Finish', 'Teak')).toBeChecked();
    await expect(optionRadio(page, 'Size', 'Small')).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`/product/${id}$`));
  } finally {
    await deleteProductNamed(name);
  }
});

test('a shared link opens its variant (any letter case); an unknown SKU opens the default', async ({
  page,
}) => {
  await page.goto(`${SOFA}?variant=aarav-mu-3s`);
  await expect(optionRadio(page, 'Fabric', 'Mustard cotton')).toBeChecked();
  await expect(page.getByTestId('product-price')).toContainText('₹25,999');
  await expect(mainPicture(page)).toHaveAttribute('src', /aarav-mu-3s\.webp$/);

  await page.goto(`${SOFA}?variant=NO-SUCH-SKU`);
  await expect(optionRadio(page, 'Fabric', 'Grey linen-look')).toBeChecked();
  await expect(optionRadio(page, 'Configuration', '3-seater')).toBeChecked();
  await expect(page.getByTestId('product-price')).toContainText('₹24,999');
  await expect(page).toHaveURL(/\/product\/1$/);
});

test('a sold-out variant offers Notify me; a visitor logs in, comes back and subscribes', async ({
  page,
}) => {
  const user = await createUser();
  await page.goto(`${SOFA}?variant=AARAV-MU-LR`);
  await expect(page.getByTestId('stock-status')).toHaveText('Out of stock');
  await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  // The sold-out value says so to a screen reader.
  await expect(optionRadio(page, 'Configuration', 'L-shape (right) (out of stock)')).toBeChecked();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Notify me when back in stock' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fproduct%2F1%3Fvariant%3DAARAV-MU-LR$/);
  await signInOnLoginPage(page, user);
  await expect(page).toHaveURL(/\/product\/1\?variant=AARAV-MU-LR$/);
  await page.getByRole('button', { name: 'Notify me when back in stock' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'when it is back in stock' })).toContainText(
    user.email,
  );

  const requests = await serviceRows<{ email: string; notified_at: string | null; variant: { sku: string } }>(
    `back_in_stock_requests?select=email,notified_at,variant:product_variants(sku)&user_id=eq.${user.id}`,
  );
  expect(requests).toEqual([{ email: user.email, notified_at: null, variant: { sku: 'AARAV-MU-LR' } }]);
});

test('a variant saved to the wishlist is shown and linked with its title', async ({ page }) => {
  await signInNewShopper(page);
  await page.goto(`${SOFA}?variant=AARAV-TV-3S`);
  await expect(optionRadio(page, 'Fabric', 'Teal velvet')).toBeChecked();
  await page.getByRole('button', { name: 'Add to Wishlist' }).click();
  await expect(page.getByText('Added to wishlist!')).toBeVisible();

  await page.goto('/wishlist');
  const item = page.getByRole('list', { name: 'Wishlist items' }).getByRole('listitem').first();
  await expect(item.getByTestId('wishlist-variant')).toHaveText('Teal velvet / 3-seater');
  await expect(item).toContainText('₹27,999');
  await expect(
    item.getByRole('link', { name: 'View Details of Aarav 3-Seater Fabric Sofa' }),
  ).toHaveAttribute('href', '/product/1?variant=AARAV-TV-3S');
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('product cards say "from" for variants that differ in price, and the price line fits the card', async ({
  page,
}) => {
  await page.goto('/category/sofas');
  const card = page.getByRole('article').filter({ hasText: 'Aarav 3-Seater Fabric Sofa' });
  await expect(card.getByTestId('card-price-line')).toHaveText('from₹24,999Original price ₹38,999');
  await expect(card.getByTestId('card-price-line')).toBeVisible();
  // At 360 px (the phone project) and on a desktop: no price line runs out of its card, nor the page sideways.
  const overflow = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid="card-price-line"]')).flatMap((line) => {
      const card = line.closest('article')!.getBoundingClientRect();
      return Array.from(line.children)
        .map((el) => el.getBoundingClientRect())
        .filter((box) => box.right > card.right + 0.5 || box.left < card.left - 0.5)
        .map(() => line.textContent);
    }),
  );
  expect(overflow).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('a card of a product with options says Choose options and opens its page; one sold as a single variant keeps Add to Cart', async ({
  page,
}) => {
  await page.goto('/category/sofas');
  const sofa = page.getByRole('article').filter({ hasText: 'Aarav 3-Seater Fabric Sofa' });
  await expect(sofa.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  const choose = sofa.getByRole('link', { name: 'Choose options for Aarav 3-Seater Fabric Sofa' });
  // As large as the Add to Cart it stands in for (a target a thumb can hit).
  const box = (await choose.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(36);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await choose.click();
  await expect(page).toHaveURL(/\/product\/1$/);
  await expect(optionRadio(page, 'Fabric', 'Grey linen-look')).toBeChecked();

  await page.goto('/category/storage');
  const shelves = page.getByRole('article').filter({ hasText: 'Saanvi Set of 3 Wall Shelves' });
  await expect(shelves.getByRole('link', { name: /^Choose options/ })).toHaveCount(0);
  await shelves.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart!')).toBeVisible();
});
