import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { createProduct, createUser, deleteProductNamed, signInAsAdmin } from './support/admin';

test.describe.configure({ timeout: 90_000 });

test('stock adjusted down to the threshold raises a low-stock alert on the dashboard and the low-stock list; a receipt closes it', async ({
  page,
}) => {
  const name = `E2E Kiara Bookshelf ${Date.now()}`;
  const product = await createProduct(name); // 3 on hand, the store's threshold is 5
  const sku = `FC-${String(product.id).padStart(6, '0')}`;
  await signInAsAdmin(page, await createUser('admin'));

  const adjust = async (quantity: string, reason: RegExp, note: string) => {
    await page.getByRole('button', { name: `Adjust stock of ${sku}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Quantity change').fill(quantity);
    await dialog.getByLabel('Reason').click();
    await page.getByRole('option', { name: reason }).click();
    await dialog.getByLabel(/^Note/).fill(note);
    await dialog.getByRole('button', { name: 'Adjust stock' }).click();
    await expect(page.getByText('Stock adjusted: 1 movement recorded').last()).toBeVisible();
  };

  await page.getByRole('menuitem', { name: 'Stock', exact: true }).click();
  await page.getByPlaceholder('SKU').fill(sku);
  await expect(page).toHaveURL(new RegExp(sku));
  const row = page.locator('tbody tr', { hasText: sku });
  await expect(page.locator('tbody tr')).toHaveCount(1);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await adjust('10', /^Receipt/, 'PO-2041');
  await expect(row.locator('td').nth(3)).toHaveText('13');
  // a removal below 0 is stopped before it is sent
  await page.getByRole('button', { name: `Adjust stock of ${sku}` }).click();
  await page.getByRole('dialog').getByLabel('Quantity change').fill('-14');
  await page.getByRole('dialog').getByLabel('Reason').click();
  await page.getByRole('option', { name: /^Import/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Adjust stock' }).click();
  await expect(page.getByText(`Stock cannot go below 0: ${sku} has less on hand.`)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await adjust('-10', /^Adjustment/, 'Shelf count');
  await expect(row.locator('td').nth(3)).toHaveText('3');
  await expect(row.locator('td').nth(5)).toHaveText('3');

  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  const widget = page.getByRole('region', { name: /^Low stock alerts: \d+$/ });
  await expect(widget).toBeVisible();
  await expect(widget.getByRole('link', { name })).toBeVisible();
  await expect(widget).toContainText(`${sku} · 3 left (threshold 5)`);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await widget.getByRole('link', { name: 'All low-stock alerts' }).click();
  await expect(page).toHaveURL(/\/admin\/stock_alerts/);
  await expect(page.locator('tbody tr', { hasText: sku })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Back above the threshold: the alert is resolved and leaves the list
  await page.getByRole('menuitem', { name: 'Stock', exact: true }).click();
  await page.getByPlaceholder('SKU').fill(sku);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await adjust('5', /^Receipt/, '');
  await page.getByRole('menuitem', { name: 'Low stock' }).click();
  await expect(page.locator('tbody tr', { hasText: sku })).toHaveCount(0);

  await deleteProductNamed(name);
});
