import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { apiKeys } from '../../supabase-local/src/keys.ts';
import { seriousA11yViolations } from './support/axe';
import { API, blockThirdParty, createUser, deleteProductNamed, signInAsAdmin } from './support/admin';

// Each journey signs in and waits for queued notifications: more than the default 30 s on two cores.
test.describe.configure({ timeout: 90_000 });

const keys = apiKeys({});
// a small committed product photo (5 KB WebP)
const PICTURE = fileURLToPath(
  new URL('../../storefront/public/images/products/aura-2-door-sliding-wardrobe.webp', import.meta.url),
);
const STORAGE_URL =
  /^http:\/\/127\.0\.0\.1:\d+\/storage\/v1\/object\/public\/product-images\/products\/[^/]+-aura-2-door-sliding-wardrobe\.webp$/;

test('a picture uploaded on the add form is stored in Storage and shown on the storefront', async ({
  page,
}) => {
  const outside = await blockThirdParty(page);
  await signInAsAdmin(page, await createUser('admin'));
  await page.getByRole('menuitem', { name: 'Add Product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/add$/);
  const picker = page.locator('input[type="file"]');

  // Only pictures the bucket takes, up to 5 MB, are uploaded.
  await picker.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await expect(page.getByText('Please choose an image file (WebP, JPEG, PNG or AVIF).')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await picker.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(page.getByText('The image is larger than 5 MB. Please choose a smaller one.')).toBeVisible();
  await expect(page.getByLabel('Main Image URL')).toHaveValue('');

  await picker.setInputFiles(PICTURE);
  await expect(page.getByText('Image uploaded')).toBeVisible();
  await expect(page.getByText('The image is larger than 5 MB.', { exact: false })).toHaveCount(0);
  await expect(page.getByLabel('Main Image URL')).toHaveValue(STORAGE_URL);
  await expect(page.getByRole('img', { name: 'Main product' })).toHaveAttribute('src', STORAGE_URL);

  const name = `E2E Pictured Wardrobe ${Date.now()}`;
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Price (₹)', { exact: true }).fill('18999');
  await page.getByLabel('Category').click();
  await page.getByRole('option').nth(1).click();
  await page.getByLabel('Stock Quantity').fill('4');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product added successfully!')).toBeVisible();

  const res = await fetch(`${API}/rest/v1/products?select=id,image_url&name=eq.${encodeURIComponent(name)}`, {
    headers: { apikey: keys.anonKey },
  });
  const [product] = (await res.json()) as Array<{ id: number; image_url: string }>;
  expect(product!.image_url).toMatch(STORAGE_URL);

  // The storefront's product page shows the picture from Storage, and it loads.
  await page.goto(`/product/${product!.id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const picture = page.getByRole('img', { name, exact: true }).first();
  await expect(picture).toHaveAttribute('src', product!.image_url);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  // still the uploaded picture, not the stock photo the page falls back to when one fails
  await expect(picture).toHaveAttribute('src', product!.image_url);
  expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(product!.image_url);
  expect(outside).toEqual([]);

  await deleteProductNamed(name);
  const path = new URL(product!.image_url).pathname.replace('/storage/v1/object/public/product-images/', '');
  await fetch(`${API}/storage/v1/object/product-images/${path}`, {
    method: 'DELETE',
    headers: { apikey: keys.serviceRoleKey, Authorization: `Bearer ${keys.serviceRoleKey}` },
  });
});
