import { expect, test, type JSHandle, type Page } from '@playwright/test';
import { apiKeys } from '../../supabase-local/src/keys.ts';
import { seriousA11yViolations } from './support/axe';
import { API, blockThirdParty, createUser, deleteProductNamed, signInAsAdmin } from './support/admin';

// Each journey signs in, resizes large pictures and uploads them: more than the default 30 s on two cores.
test.describe.configure({ timeout: 120_000 });

const keys = apiKeys({});
const BUCKET = `${API}/storage/v1/object/public/product-images/`;
const UPLOADED =
  /^http:\/\/127\.0\.0\.1:\d+\/storage\/v1\/object\/public\/product-images\/products\/[0-9a-f-]{36}\.webp$/;
/** The storefront's srcset widths, and where the smaller copy of an upload lives. */
const copies = (url: string) => ({ 800: url, 400: url.replace('/products/', '/products/400/') });

/**
 * Two large camera-like originals made in the page (a gradient with grain: a 3000×2000 JPEG and a
 * 1600×2000 PNG), as a drop's DataTransfer, with their sizes in bytes.
 */
async function largePictures(page: Page): Promise<{ drop: JSHandle<DataTransfer>; sizes: number[] }> {
  const made = await page.evaluateHandle(async () => {
    const make = async (w: number, h: number, type: string, hue: number) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d')!;
      const g = ctx.createLinearGradient(0, 0, w, h);
      g.addColorStop(0, `hsl(${hue} 60% 35%)`);
      g.addColorStop(1, `hsl(${hue + 60} 50% 80%)`);
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, w, h);
      const px = ctx.getImageData(0, 0, w, h);
      for (let i = 0; i < px.data.length; i += 4) {
        const n = (Math.random() - 0.5) * 24;
        for (let c = i; c < i + 3; c++) px.data[c] = px.data[c]! + n;
      }
      ctx.putImageData(px, 0, 0);
      return new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), type, 0.95));
    };
    const front = await make(3000, 2000, 'image/jpeg', 20);
    const side = await make(1600, 2000, 'image/png', 200);
    const drop = new DataTransfer();
    drop.items.add(new File([front], 'sofa-front.jpg', { type: 'image/jpeg' }));
    drop.items.add(new File([side], 'sofa-side.png', { type: 'image/png' }));
    return { drop, sizes: [front.size, side.size] };
  });
  const drop = (await made.getProperty('drop')) as JSHandle<DataTransfer>;
  const sizes = (await (await made.getProperty('sizes')).jsonValue()) as number[];
  return { drop, sizes };
}

/** A WebP's pixel size, read from its RIFF header (lossy, lossless or extended). */
function webpSize(buf: Buffer): [number, number] {
  expect(buf.toString('ascii', 0, 4) + buf.toString('ascii', 8, 12)).toBe('RIFFWEBP');
  const chunk = buf.toString('ascii', 12, 16);
  if (chunk === 'VP8 ') return [buf.readUInt16LE(26) & 0x3fff, buf.readUInt16LE(28) & 0x3fff];
  if (chunk === 'VP8L') {
    const bits = buf.readUInt32LE(21);
    return [(bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1];
  }
  return [buf.readUIntLE(24, 3) + 1, buf.readUIntLE(27, 3) + 1];
}

async function removeStored(urls: string[]): Promise<void> {
  for (const url of urls)
    for (const copy of Object.values(copies(url)))
      await fetch(`${API}/storage/v1/object/product-images/${copy.replace(BUCKET, '')}`, {
        method: 'DELETE',
        headers: { apikey: keys.serviceRoleKey, Authorization: `Bearer ${keys.serviceRoleKey}` },
      });
}

test('staff drop two large pictures, watch them upload, reorder them, and the storefront serves their WebP copies', async ({
  page,
}) => {
  const outside = await blockThirdParty(page);
  // slow Storage down a little, so each file's progress can be seen
  await page.route(`${API}/storage/v1/object/product-images/**`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fallback();
  });
  await signInAsAdmin(page, await createUser('admin'));
  await page.getByRole('menuitem', { name: 'Add Product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/add$/);

  const { drop, sizes } = await largePictures(page);
  expect(Math.min(...sizes)).toBeGreaterThan(1024 * 1024);
  await page.getByTestId('picture-drop-zone').dispatchEvent('drop', { dataTransfer: drop });

  const progress = page.getByRole('progressbar', { name: 'Uploading sofa-front.jpg' });
  await expect(progress).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Uploading sofa-side.png' })).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await expect(page.getByText('2 pictures uploaded')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  const rows = page.getByTestId('picture-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('sofa-front.jpg');
  await expect(rows.nth(0)).toContainText('Main picture');
  for (const name of ['Picture 1: sofa-front.jpg', 'Picture 2: sofa-side.png']) {
    const thumbnail = page.getByRole('img', { name });
    await expect(thumbnail).toHaveAttribute('src', UPLOADED);
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
  }
  expect(await seriousA11yViolations(page)).toEqual([]);

  // the side view becomes the main picture (the keyboard's way: a button)
  await page.getByRole('button', { name: 'Move Picture 2: sofa-side.png up' }).click();
  await expect(rows.nth(0)).toContainText('sofa-side.png');
  await expect(rows.nth(0)).toContainText('Main picture');
  await expect(rows.nth(1)).toContainText('sofa-front.jpg');
  await expect(page.getByRole('button', { name: 'Move Picture 1: sofa-side.png up' })).toBeDisabled();

  const name = `E2E Pictured Sofa ${Date.now()}`;
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Price (₹)', { exact: true }).fill('18999');
  await page.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Outdoor' }).click();
  await page.getByLabel('Stock Quantity').fill('4');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product added successfully!')).toBeVisible();

  const res = await fetch(
    `${API}/rest/v1/products?select=id,image_url,images&name=eq.${encodeURIComponent(name)}`,
    { headers: { apikey: keys.anonKey } },
  );
  const [product] = (await res.json()) as Array<{ id: number; image_url: string; images: string[] }>;
  const side = product!.image_url;
  const front = product!.images[0]!;
  expect(side).toMatch(UPLOADED);
  expect(product!.images).toEqual([front]);
  expect(front).toMatch(UPLOADED);

  // Storage holds a square WebP at each of the storefront's widths, far smaller than the original.
  for (const [url, original] of [
    [side, sizes[1]!],
    [front, sizes[0]!],
  ] as const) {
    for (const [width, copy] of Object.entries(copies(url))) {
      const got = await fetch(copy);
      expect(got.status, copy).toBe(200);
      expect(got.headers.get('content-type')).toMatch(/^image\/webp/);
      const body = Buffer.from(await got.arrayBuffer());
      expect(webpSize(body)).toEqual([Number(width), Number(width)]);
      expect(body.length).toBeLessThan(original / 4);
    }
  }

  // The storefront's product page offers both copies in its srcset, as for the seed pictures.
  await page.goto(`/product/${product!.id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const picture = page.getByRole('img', { name, exact: true }).first();
  await expect(picture).toHaveAttribute('src', side);
  await expect(picture).toHaveAttribute('srcset', `${copies(side)[400]} 400w, ${side} 800w`);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  expect([side, copies(side)[400]]).toContain(
    await picture.evaluate((img: HTMLImageElement) => img.currentSrc),
  );
  const thumbs = page.getByRole('list', { name: 'Pictures' }).locator('img');
  await expect(thumbs).toHaveCount(2);
  await expect(thumbs.nth(1)).toHaveAttribute('srcset', `${copies(front)[400]} 400w, ${front} 800w`);

  // The edit page lists the saved pictures in their order; moving the front view back up saves it as main.
  await page.goto(`/admin/products/edit/${product!.id}`);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByRole('img')).toHaveAttribute('src', side);
  await expect(rows.nth(0)).toContainText('Main picture');
  await expect(rows.nth(1).getByRole('img')).toHaveAttribute('src', front);
  await rows
    .nth(1)
    .getByRole('button', { name: /^Move Picture 2: .* up$/ })
    .click();
  await expect(rows.nth(0).getByRole('img')).toHaveAttribute('src', front);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product updated successfully!')).toBeVisible();
  const after = await fetch(`${API}/rest/v1/products?select=image_url,images&id=eq.${product!.id}`, {
    headers: { apikey: keys.anonKey },
  });
  expect(await after.json()).toEqual([{ image_url: front, images: [side] }]);
  expect(outside).toEqual([]);

  await deleteProductNamed(name);
  await removeStored([side, front]);
});
