import { expect, test } from '@playwright/test';
import { API } from './support/admin';
import { recordCspViolations } from './support/csp';

test('the storefront is served with security headers and loads home and a product without a CSP violation', async ({
  page,
}) => {
  const violations = await recordCspViolations(page);
  const res = await page.goto('/');
  const headers = res!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-content-type-options']).toBe('nosniff');

  // the first paint's route preload ran (an inline script, allowed by its hash) and the page works
  await expect(page.getByRole('heading', { name: 'Shop by Categories' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Loading categories' })).toHaveCount(0);
  expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(0);

  await page
    .getByRole('link', { name: /View All Products/i })
    .first()
    .click();
  await page.locator('a[href^="/product/"]').first().click();
  await expect(page.getByRole('button', { name: /Add to Cart/i }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
});

test('another site cannot frame the store', async ({ page, baseURL }) => {
  const violations = await recordCspViolations(page);
  // a page of another origin (the API's mailbox page) puts the store in a frame
  await page.goto(`${API}/auth/v1/mailbox`);
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    document.body.append(frame);
  }, `${baseURL}/`);
  await expect
    .poll(async () => (await violations()).some((v) => v.includes("frame-ancestors 'none'")))
    .toBe(true);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  expect(frame).toBeDefined();
  await expect(frame!.getByRole('heading', { name: 'Shop by Categories' })).toHaveCount(0);
});
