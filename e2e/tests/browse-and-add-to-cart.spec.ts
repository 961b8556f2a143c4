import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';

test('a shopper browses from home to a product, adds it and sees cart totals with the delivery rule', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Featured products' }).getByRole('listitem')).toHaveCount(8);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('list', { name: 'Categories' }).getByRole('link', { name: 'Storage' }).click();
  await expect(page).toHaveURL('/category/storage');
  await expect(page.getByRole('heading', { name: 'Storage Collection' })).toBeVisible();
  await page.getByRole('link', { name: /Saanvi Set of 3 Wall Shelves/ }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Saanvi Set of 3 Wall Shelves' })).toBeVisible();
  await expect(page.getByText('₹2,499').first()).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByTestId('subtotal')).toHaveText('₹2,499');
  await expect(page.getByTestId('delivery-fee')).toHaveText('₹99');
  await expect(page.getByTestId('total')).toHaveText('₹2,598');
  await expect(page.getByText('Add ₹500 more for free delivery!')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // A second one crosses ₹2,999: delivery becomes free.
  await page.getByRole('button', { name: 'Increase quantity of Saanvi Set of 3 Wall Shelves' }).click();
  await expect(page.getByTestId('subtotal')).toHaveText('₹4,998');
  await expect(page.getByTestId('delivery-fee')).toHaveText('FREE');
  await expect(page.getByTestId('total')).toHaveText('₹4,998');
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  // The cart survives a reload (persisted in the browser).
  await page.reload();
  await expect(page.getByTestId('total')).toHaveText('₹4,998');

  await page.getByRole('button', { name: 'Remove Saanvi Set of 3 Wall Shelves' }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toBeVisible();
});

test('a sold-out product cannot be added or bought, and an unknown product says so', async ({ page }) => {
  await page.goto('/category/sofas');
  await page.getByRole('link', { name: /Ira Chesterfield 3-Seater Sofa/ }).click();
  await expect(page.getByText('Out of stock', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeDisabled();

  await page.goto('/product/999999');
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Back Home' }).click();
  await expect(page).toHaveURL('/');
});

test('all categories show item counts and an empty category says No products found', async ({ page }) => {
  await page.goto('/all-categories');
  await expect(page.getByRole('link', { name: /Sofas\s*7 items/ })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.goto('/categories/lamps');
  await expect(page.getByRole('heading', { name: 'Lamps Collection' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
});
