import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import {
  blockThirdParty,
  createProduct,
  createUser,
  deleteProductNamed,
  signInAsAdmin,
} from './support/admin';
import {
  accessToken,
  giveVariants,
  orderVariant,
  productSummary,
  variantsOf,
} from './support/admin-variants';

// Each journey signs in and saves through several RPCs: more than the default 30 s on two cores.
test.describe.configure({ timeout: 120_000 });

// A journey that fails halfway must not leave its product in the catalog (the retry and the listing
// journeys after it would meet it): whatever a journey created goes, pass or fail.
const created: string[] = [];
test.afterEach(async () => {
  for (const name of created.splice(0)) await deleteProductNamed(name);
});

test('staff define options, generate the variants, price one, are told a duplicate SKU is taken, and adjust stock with a reason seen in the movement log', async ({
  page,
}) => {
  const outside = await blockThirdParty(page);
  const name = `E2E Aarav Sofa ${Date.now()}`;
  created.push(name);
  const product = await createProduct(name); // ₹999, 3 in stock: its default variant
  const defaultSku = `FC-${String(product.id).padStart(6, '0')}`;
  const staff = await createUser('admin');
  await signInAsAdmin(page, staff);
  await page.goto(`/admin/products/edit/${product.id}`);
  await expect(page.getByRole('heading', { name: 'Options & variants' })).toBeVisible();
  // price and stock belong to the variants now: not in the product form
  await expect(page.getByLabel('Price (₹)', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByLabel('Option 1 name').fill('Fabric');
  await page.getByLabel('Fabric value 1', { exact: true }).fill('Teal velvet');
  await page.getByLabel('Swatch of Fabric value 1').fill('#0f766e');
  await page.getByRole('button', { name: 'Add value to Fabric' }).click();
  await page.getByLabel('Fabric value 2', { exact: true }).fill('Grey linen');
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByLabel('Option 2 name').fill('Size');
  await page.getByLabel('Size value 1', { exact: true }).fill('3-seater');
  await page.getByRole('button', { name: 'Add value to Size' }).click();
  await page.getByLabel('Size value 2', { exact: true }).fill('L-shape left');
  await page.getByRole('button', { name: 'Update options' }).click();
  await expect(page.getByText('Options saved')).toBeVisible();
  // the default variant took the first value of each option, and its title follows them
  await expect(page.getByLabel('Price, Teal velvet / 3-seater', { exact: true })).toHaveValue('999');
  await expect(page.getByText('3 combination(s) without a variant.')).toBeVisible();

  await page.getByRole('button', { name: 'Generate combinations' }).click();
  await expect(page.getByText('3 variant(s) created')).toBeVisible();
  await expect(page.getByText('Every combination has a variant.')).toBeVisible();
  await expect(page.getByLabel(/^SKU, /)).toHaveCount(4);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // One variant's price, saved in its row: the product's summary becomes "from ₹999"
  await page.getByLabel('Price, Grey linen / L-shape left', { exact: true }).fill('1299');
  await page.getByRole('button', { name: 'Update Grey linen / L-shape left' }).click();
  await expect(page.getByText(/^Variant .+-GL-LSL saved$/)).toBeVisible();
  await expect(page.getByText('Price from ₹999 to ₹1,299', { exact: false })).toBeVisible();
  expect((await productSummary(product.id))[0]).toMatchObject({ price: 999, price_max: 1299 });

  // Its own picture and dimensions (empty would mean the product's)
  await page.getByRole('button', { name: 'Details of Grey linen / L-shape left' }).click();
  await page.getByRole('dialog').getByLabel('Picture URLs (one per line)').fill('/images/aarav-grey-l.webp');
  await page.getByRole('dialog').getByLabel('Dimensions').fill('250 × 180 × 85 cm');
  await page.getByRole('dialog').getByRole('button', { name: 'Update details' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(/^Variant .+-GL-LSL saved$/).last()).toBeVisible();

  // The default's SKU in lower case on another variant: the database refuses, staff read why
  await page.getByLabel('SKU, Grey linen / 3-seater').fill(defaultSku.toLowerCase());
  await page.getByRole('button', { name: 'Update Grey linen / 3-seater' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'is already used' })).toContainText(
    `The SKU "${defaultSku.toLowerCase()}" is already used by another variant (SKUs are unique regardless of letter case).`,
  );

  // Adjust one variant: an adjustment needs a note
  await page.getByRole('button', { name: 'Adjust stock of Teal velvet / 3-seater' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Quantity change').fill('-1');
  await dialog.getByLabel('Reason').click();
  await page.getByRole('option', { name: /^Adjustment/ }).click();
  await dialog.getByRole('button', { name: 'Adjust stock' }).click();
  await expect(dialog.getByText(/^Say why for an adjustment/)).toBeVisible();
  await dialog.getByLabel('Note (required)').fill('Count on 24 Nov: one damaged');
  await dialog.getByRole('button', { name: 'Adjust stock' }).click();
  await expect(page.getByText('Stock adjusted: 1 movement recorded')).toBeVisible();

  // A receipt for two selected variants in one call
  await page.getByLabel('Select Grey linen / 3-seater').check();
  await page.getByLabel('Select Teal velvet / L-shape left').check();
  await page.getByRole('button', { name: 'Adjust stock', exact: true }).click();
  await dialog.getByLabel('Quantity change').fill('5');
  await dialog.getByLabel('Reason').click();
  await page.getByRole('option', { name: /^Receipt/ }).click();
  await dialog.getByLabel('Note').fill('PO-118');
  await dialog.getByRole('button', { name: 'Adjust stock' }).click();
  await expect(page.getByText('Stock adjusted: 2 movements recorded')).toBeVisible();
  // The same two, 10 % off in one bulk price edit
  await page.getByRole('button', { name: 'Edit prices' }).click();
  await dialog.getByLabel('Change').click();
  await page.getByRole('option', { name: 'Change the price by (%)' }).click();
  await dialog.getByLabel(/^Percentage/).fill('-10');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Prices updated: 2 variant(s)')).toBeVisible();
  const prices = Object.fromEntries((await variantsOf(product.id)).map((v) => [v.title, v.price]));
  expect(prices).toEqual({
    'Teal velvet / 3-seater': 999,
    'Grey linen / 3-seater': 899.1,
    'Teal velvet / L-shape left': 899.1,
    'Grey linen / L-shape left': 1299,
  });
  const stock = Object.fromEntries((await variantsOf(product.id)).map((v) => [v.title, v.stock_quantity]));
  expect(stock).toEqual({
    'Teal velvet / 3-seater': 2,
    'Grey linen / 3-seater': 5,
    'Teal velvet / L-shape left': 5,
    'Grey linen / L-shape left': 0,
  });

  // The movement log: who, why, the balance after
  await page.getByRole('menuitem', { name: 'Stock movements' }).click();
  await expect(page).toHaveURL(/\/admin\/stock_movements/);
  await page.getByPlaceholder('SKU').fill(defaultSku);
  await expect(page).toHaveURL(new RegExp(defaultSku));
  const adjustment = page.locator('tbody tr', { hasText: 'Count on 24 Nov: one damaged' });
  await expect(adjustment).toBeVisible();
  await expect(adjustment).toContainText('adjustment');
  await expect(adjustment.locator('td').nth(4)).toHaveText('-1');
  await expect(adjustment.locator('td').nth(6)).toHaveText('2');
  await expect(adjustment).toContainText(`Account ${staff.id.slice(0, 8)}`);
  // the product's opening stock (its insert), then the movements of this journey: 4 rows
  await expect(page.locator('tbody tr')).toHaveCount(4);
  await expect(page.locator('tbody tr', { hasText: 'Opening stock' })).toContainText('import');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Stock per variant: on hand, reserved, available
  await page.getByRole('menuitem', { name: 'Stock', exact: true }).click();
  // the movement log's own SKU field stays on screen until the Stock list replaces it
  await expect(page).toHaveURL(/\/admin\/product_variants/);
  await expect(page.getByRole('heading', { name: 'Stock', exact: true })).toBeVisible();
  await page.getByPlaceholder('SKU').fill(`${defaultSku}-GL-3S`);
  await expect(page).toHaveURL(new RegExp(`${defaultSku}-GL-3S`));
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr').first()).toContainText('Grey linen / 3-seater');
  expect(await seriousA11yViolations(page)).toEqual([]);

  expect(outside).toEqual([]);
});

test("staff see the SKU and the variant on an order's lines", async ({ page }) => {
  const admin = await createUser('admin');
  const product = await createProduct(`E2E Sheesham Table ${Date.now()}`);
  const variants = await giveVariants(
    await accessToken(admin),
    product.id,
    [{ name: 'Finish', values: ['Teak', 'Walnut'] }],
    4,
  );
  const walnut = variants.find((v) => v.title === 'Walnut')!;
  const shopper = await createUser();
  const order = await orderVariant(shopper, walnut.id);

  await signInAsAdmin(page, admin);
  await page.goto(`/admin/orders/${order.id}/show`);
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: walnut.sku, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Walnut', exact: true })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The sale is in the movement log, linked to its order
  await page.getByRole('menuitem', { name: 'Stock movements' }).click();
  await page.getByPlaceholder('SKU').fill(walnut.sku);
  await expect(page).toHaveURL(new RegExp(walnut.sku));
  const sale = page.locator('tbody tr', { hasText: 'sale' });
  await expect(sale).toHaveCount(1);
  await expect(sale.locator('td').nth(4)).toHaveText('-1');
  await expect(sale.getByRole('link', { name: order.order_number })).toBeVisible();
  await expect(sale).toContainText(`Account ${shopper.id.slice(0, 8)}`);

  // An ordered variant stays: deleting it is refused with the database's words
  await page.goto(`/admin/products/edit/${product.id}`);
  await page.getByRole('button', { name: 'Delete Walnut' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'has been ordered' })).toContainText(
    `${walnut.sku}: Variant ${walnut.sku} has been ordered, so it cannot be deleted. Deactivate it instead.`,
  );
});
