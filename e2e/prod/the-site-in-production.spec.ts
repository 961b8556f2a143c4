import type { Page } from '@playwright/test';
import { recordCspViolations } from '../tests/support/csp';
import { fillShipping, signInOnLoginPage } from '../tests/support/checkout';
import { header } from '../tests/support/header';
import { expect, test } from './support/fixtures';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_URL, createShopper, createStaff, PUBLISHABLE_KEY, SITE_URL, siteFetch } from './support/stack';

/**
 * The store as deployed: `pnpm build:site` with production variables, served by nginx with
 * deploy/nginx.conf at https://furnicraft.test:<port>, in front of supabase-local with its own keys
 * (no development surfaces). Node reaches nginx on 127.0.0.1 (only Chromium maps the name).
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';

test.describe.configure({ mode: 'serial' });

/** Every request leaving this machine (fonts, CDNs, Razorpay's script on a COD order) is refused and remembered. */
async function onlyThisSite(page: Page): Promise<string[]> {
  const outside: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (
      ['data:', 'blob:'].includes(url.protocol) ||
      ['127.0.0.1', 'furnicraft.test'].includes(url.hostname)
    ) {
      return route.continue();
    }
    outside.push(url.href);
    return route.abort();
  });
  return outside;
}

test('the production build holds no secret and nothing of supabase-local; robots.txt names the site', async ({
  stack,
}) => {
  expect(stack.secrets).toEqual([]);
  expect(stack.leftovers).toEqual([]);
  // the apps carry the project's publishable key (no legacy JWT key at all)
  const bundle = ['assets', 'admin/assets']
    .flatMap((d) => readdirSync(join(stack.siteDir, d)).map((f) => join(stack.siteDir, d, f)))
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  expect(bundle).toContain(PUBLISHABLE_KEY);
  expect(bundle).not.toMatch(/eyJhbGciOi[A-Za-z0-9_-]+\.eyJ/);
  const robots = await siteFetch('/robots.txt');
  expect(robots.text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  // supabase-local with its own keys serves only what hosted Supabase serves
  for (const path of ['/auth/v1/mailbox', '/auth/v1/local-provider', '/razorpay/checkout.js']) {
    expect((await fetch(`${API_URL}${path}`)).status, path).toBe(404);
  }
});

test('nginx: pages revalidated with the CSP, hashed assets cached a year, SPA fallbacks for both apps', async ({
  page,
}) => {
  const home = (await page.goto('/'))!;
  expect(home.status()).toBe(200);
  const headers = home.headers();
  expect(headers['cache-control']).toBe('no-cache');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const csp = headers['content-security-policy']!;
  expect(csp).toContain(`connect-src 'self' ${API_URL}`);
  expect(csp).toContain('https://checkout.razorpay.com');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);

  // the hashed assets each page names
  for (const path of ['/', '/admin/']) {
    const html = (await siteFetch(path)).text;
    const asset = /(?:src|href)="(\/(?:admin\/)?assets\/[^"]+\.(?:js|css))"/.exec(html)?.[1];
    expect(asset, `an asset in ${path}`).toBeTruthy();
    const res = await siteFetch(asset!);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  }
  expect((await siteFetch('/assets/gone-00000000.js')).status).toBe(404);
  expect((await siteFetch('/admin/assets/gone-00000000.js')).status).toBe(404);

  // deep links of both apps reach their app (the SPA fallbacks), with the page headers
  const product = (await page.goto('/product/1'))!;
  expect(product.status()).toBe(200);
  expect(product.headers()['content-security-policy']).toBe(csp);
  await expect(page.getByRole('button', { name: 'Add to Cart' }).first()).toBeVisible();
  const lost = (await page.goto('/no-such-page'))!;
  expect(lost.status()).toBe(200);
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
  const adminDeep = (await page.goto('/admin/orders'))!;
  expect(adminDeep.status()).toBe(200);
  expect(adminDeep.headers()['cache-control']).toBe('no-cache');
  await expect(page).toHaveURL(/\/admin\/login$/);
  const bare = await siteFetch('/admin');
  expect(bare.status).toBe(301);
  expect(bare.headers['location']).toMatch(/\/admin\/$/);
  // the other hosts' files sit in the folder but are not served
  expect((await siteFetch('/vercel.json')).status).toBe(404);
});

test('nginx: /sitemap.xml is the sitemap function, its links on the site', async () => {
  const res = await siteFetch('/sitemap.xml', 'evil.example');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/xml/);
  const xml = res.text;
  expect(xml).toContain(`<loc>${SITE_URL}/product/`);
  expect(xml).not.toContain('evil.example');
});

let orderNumber = '';

test('a shopper browses, searches, fills the cart, signs in and orders cash on delivery', async ({
  page,
}) => {
  const outside = await onlyThisSite(page);
  const violations = await recordCspViolations(page);
  const shopper = await createShopper();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Shop by Categories' })).toBeVisible();
  await page.goto('/category/sofas');
  await expect(page.getByRole('heading', { name: 'Sofas Collection' })).toBeVisible();
  const box = (await header(page)).getByRole('combobox', { name: 'Search products and categories' });
  await box.fill('sofaa');
  await box.press('Enter');
  await expect(page).toHaveURL('/search?q=sofaa');
  await expect(page.getByRole('heading', { name: 'Search results for “sofaa”' })).toBeVisible();

  await page.goto('/login');
  await signInOnLoginPage(page, shopper);
  // the session is signed with the project's ES256 key, published in its JWKS
  const token = await page.evaluate(() => {
    for (const [k, v] of Object.entries(localStorage)) {
      if (k.endsWith('-auth-token')) return (JSON.parse(v) as { access_token: string }).access_token;
    }
    return '';
  });
  const head = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as {
    alg: string;
    kid: string;
  };
  expect(head.alg).toBe('ES256');
  const jwks = (await (await fetch(`${API_URL}/auth/v1/.well-known/jwks.json`)).json()) as {
    keys: { kid: string }[];
  };
  expect(jwks.keys.map((k) => k.kid)).toContain(head.kid);
  await page.goto('/product/1');
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByText('Added to cart!')).toBeVisible();
  await page.goto('/checkout');
  await fillShipping(page);
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  orderNumber = (await page.getByTestId('order-number').textContent())!;
  expect(orderNumber).toMatch(/^ORD\d{16}$/);

  expect(await violations()).toEqual([]);
  expect(outside).toEqual([]);
});

test('staff sign in to the console on the same site and ship the order', async ({ page }) => {
  expect(orderNumber, 'the shopper’s order').not.toBe('');
  const outside = await onlyThisSite(page);
  const violations = await recordCspViolations(page);
  const staff = createStaff();

  await page.goto('/admin/login');
  await page.getByLabel('Admin ID').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Admin Panel')).toBeVisible();

  await page.getByRole('menuitem', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders/);
  await page.getByPlaceholder('Order number').fill(orderNumber);
  const row = page.locator('tbody tr', { hasText: orderNumber });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByText(`Order ${orderNumber} shipped!`)).toBeVisible();

  // a reload of a deep admin link keeps the console (nginx's admin fallback, the session)
  await page.reload();
  await expect(page.getByText('Admin Panel')).toBeVisible();
  expect(await violations()).toEqual([]);
  expect(outside).toEqual([]);
});
