import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import {
  blockThirdParty,
  createProduct,
  createUser,
  deleteProductNamed,
  signInAsAdmin,
} from './support/admin';

// Each journey signs in and waits for queued notifications: more than the default 30 s on two cores.
test.describe.configure({ timeout: 90_000 });

test('products: search, category filter, toggle badges and delete', async ({ page }) => {
  const outside = await blockThirdParty(page);
  await signInAsAdmin(page, await createUser('admin'));
  await page.getByRole('menuitem', { name: 'Products', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products/);
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Toggles and delete act on a product of this test's own: the seeded catalog stays as it was.
  const name = `E2E Cane Stool ${Date.now()}`;
  await createProduct(name);
  await page.getByPlaceholder('Search products').fill(name);
  await expect(page).toHaveURL(/Cane/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);

  const first = rows.first();
  const featured = first.getByRole('button', { name: /featured: click to toggle/i });
  const wasFeatured = (await featured.getAttribute('aria-pressed')) === 'true';
  await featured.click();
  await expect(
    page.getByText(`Product ${wasFeatured ? 'unfeatured' : 'featured'} successfully!`),
  ).toBeVisible();

  const stock = first.getByRole('button', { name: /stock: click to toggle/i });
  const wasInStock = (await stock.getAttribute('aria-pressed')) === 'true';
  await stock.click();
  await expect(
    page.getByText(`Product marked as ${wasInStock ? 'out of stock' : 'in stock'}!`),
  ).toBeVisible();

  await first.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByText('Are you sure you want to delete this product?')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Product deleted successfully!')).toBeVisible();

  await page.getByPlaceholder('Search products').clear();
  // The category filter offers All Categories plus the database's categories.
  await page.getByRole('combobox', { name: 'Category' }).click();
  await expect(page.getByRole('option').filter({ hasText: 'All Categories' })).toBeVisible();
  await page.getByRole('option', { name: 'Outdoor' }).click();
  await expect(page).toHaveURL(/category_id/);
  await expect(rows.first()).toContainText('Outdoor');

  expect(outside).toEqual([]);
});

test('add a product with the spec checks, then edit it', async ({ page }) => {
  await signInAsAdmin(page, await createUser('admin'));
  await page.getByRole('menuitem', { name: 'Add Product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/add$/);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product name is required')).toBeVisible();
  await expect(page.getByText('Valid price is required')).toBeVisible();
  await expect(page.getByText('Category is required')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  const name = `E2E Teak Stool ${Date.now()}`;
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Price (₹)', { exact: true }).fill('2499.50');
  await page.getByLabel('Category').click();
  await page.getByRole('option').nth(1).click();
  await page.getByLabel('Stock Quantity').fill('7');
  await page.getByLabel('Features (one per line)').fill('  Solid teak \n\n Hand finished ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product added successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products/);

  await page.getByPlaceholder('Search products').fill(name);
  await expect(page).toHaveURL(/Teak/);
  const row = page.locator('tbody tr', { hasText: name });
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(/\/admin\/products\/edit\/\d+$/);
  await expect(page.getByLabel('Features (one per line)')).toHaveValue('Solid teak\nHand finished');
  await page.getByLabel('Material').fill('Teak');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product updated successfully!')).toBeVisible();

  // Taken off sale from its form: the list says Inactive, the storefront no longer has it
  await expect(row).toContainText('Active');
  await row.getByRole('link', { name: `Edit ${name}` }).click();
  const id = /\/edit\/(\d+)$/.exec(page.url())![1];
  await page.getByLabel('Active (on sale)').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product updated successfully!')).toBeVisible();
  await expect(page.locator('tbody tr', { hasText: name })).toContainText('Inactive');
  await page.goto(`/product/${id}`);
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
  await deleteProductNamed(name);
});
