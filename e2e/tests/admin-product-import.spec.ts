import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { blockThirdParty, createUser, deleteProductNamed, signInAsAdmin } from './support/admin';
import { csvFile } from './support/admin-delivery';
import { benches, PRODUCTS_CSV_HEADER as HEADER, uploadProductsCsv as upload } from './support/product-csv';

// The journey signs in, previews twice, applies and checks both apps: more than 30 s on two cores.
test.describe.configure({ timeout: 180_000 });

test('a catalog member imports ten products from a CSV: a preview of 10 new, applied at once, listed in the admin and on the storefront', async ({
  page,
}) => {
  const outside = await blockThirdParty(page);
  const suffix = Date.now().toString(36);
  const { names, lines } = benches(suffix);
  const member = await createUser('catalog');
  try {
    await signInAsAdmin(page, member);
    await page.goto('/admin/products');
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/import$/);
    await expect(page.getByRole('heading', { name: 'Import products from a CSV file' })).toBeVisible();

    // A draft with mistakes: every refused row is named, nothing can be applied
    const sku1 = `E2E-${suffix}-1`.toUpperCase();
    await upload(
      page,
      csvFile('benches-draft.csv', [
        HEADER,
        lines[0]!,
        lines[1]!.replace('"₹12,999"', '-500'),
        lines[2]!.replace(',outdoor,', ',garden-gnomes,'),
        lines[3]!.replace(`E2E-${suffix}-4`.toUpperCase(), sku1),
      ]),
    );
    const draft = page.getByRole('region', { name: 'Preview of benches-draft.csv' });
    await expect(draft).toContainText('3 rows were refused');
    const refused = draft.getByRole('table', { name: 'Refused rows' }).locator('tbody tr');
    await expect(refused).toHaveCount(3);
    await expect(refused.nth(0)).toContainText(
      '2' + `E2E-${suffix}-2`.toUpperCase() + 'price' + 'Price cannot be negative.',
    );
    await expect(refused.nth(1)).toContainText(
      '3' + `E2E-${suffix}-3`.toUpperCase() + 'category' + 'Unknown category "garden-gnomes".',
    );
    await expect(refused.nth(2)).toContainText(
      `4${sku1}sku` + `SKU ${sku1} is listed twice (also on row 1).`,
    );
    await expect(page.getByRole('button', { name: /^Apply/ })).toBeDisabled();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The corrected file: ten new products, each with its variant, then applied in one go
    const file = csvFile('benches.csv', [HEADER, ...lines]);
    await upload(page, file);
    const preview = page.getByRole('region', { name: 'Preview of benches.csv' });
    await expect(preview).toContainText('New products:10');
    await expect(preview).toContainText('New variants:10');
    await expect(preview.getByRole('table', { name: 'Changes' })).toContainText(`New product: ${names[9]}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Apply 20 changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'changes applied' })).toContainText(
      'benches.csv: 20 changes applied.',
    );

    // The same file again changes nothing
    await upload(page, file);
    await expect(
      page.getByText('No changes: every product and variant in the file is already as it says.'),
    ).toBeVisible();

    // The export reads back the imported rows, formula-safe, as the import's own columns
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export variants' }).click();
    const text = await readFile((await (await download).path())!, 'utf8');
    expect(
      text.startsWith('\uFEFFproduct_slug,product_name,category,description,material,color,featured,sku,'),
    ).toBe(true);
    expect(text).toContain(
      `e2e-import-bench-${suffix}-1,${names[0]},outdoor,"Teak, oiled",,,no,${sku1},,12999,125000,1200,yes`,
    );

    // In the admin's list…
    await page.goto('/admin/products');
    await page.getByPlaceholder('Search products').fill(`E2E Import Bench ${suffix}`);
    await expect(page.locator('tbody tr')).toHaveCount(10);
    // names[1]: "… 1" is also the start of "… 10"
    await expect(page.locator('tbody tr', { hasText: names[1]! })).toContainText('₹12,999');

    // …and on the storefront's category page, newest first
    await page.goto('/category/outdoor?sort=newest');
    for (const name of names) await expect(page.getByRole('link', { name }).first()).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(outside).toEqual([]);
  } finally {
    for (const name of names) await deleteProductNamed(name);
  }
});

test('support staff see no Import button, and the import page is refused to them', async ({ page }) => {
  await signInAsAdmin(page, await createUser('support'));
  await page.goto('/admin/products');
  await expect(page.getByRole('button', { name: 'Export variants' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Import CSV' })).toHaveCount(0);
  await page.goto('/admin/products/import');
  await expect(page.getByText(/access denied|permission/i).first()).toBeVisible();
  await expect(page.getByLabel('Products file (CSV)')).toHaveCount(0);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('a catalog member previews a file and reads why its rows are refused; nothing is written', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    const { lines } = benches(suffix);
    await signInAsAdmin(page, await createUser('catalog'));
    await page.goto('/admin/products/import');
    await upload(page, csvFile('phone.csv', [HEADER, lines[0]!, lines[1]!.replace('"1,25,000"', '999')]));
    const preview = page.getByRole('region', { name: 'Preview of phone.csv' });
    await expect(preview).toContainText('1 row was refused');
    await expect(preview.getByRole('table', { name: 'Refused rows' })).toContainText(
      'MRP (999) cannot be below the price (12999).',
    );
    await expect(page.getByRole('button', { name: 'Apply 2 changes' })).toBeDisabled();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
