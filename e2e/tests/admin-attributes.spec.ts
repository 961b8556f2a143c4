import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import {
  blockThirdParty,
  createProduct,
  createUser,
  deleteProductNamed,
  signInAsAdmin,
} from './support/admin';
import { rest } from './support/rest';

test.describe.configure({ timeout: 120_000 });

const tag = Date.now().toString(36);
const productName = `Attribute test shelf ${tag}`;
const attributeName = `Finish ${tag}`;
const code = `finish_${tag}`;

test.afterAll(async () => {
  await deleteProductNamed(productName);
  await rest(`/rest/v1/attributes?code=eq.${code}`, { method: 'DELETE' });
});

test('staff add an attribute with its values and categories, and tag a product with it in its Filters', async ({
  page,
}) => {
  const outside = await blockThirdParty(page);
  const product = await createProduct(productName);
  const staff = await createUser('admin');
  await signInAsAdmin(page, staff);

  // The list has the seeded attributes
  await page.getByRole('menuitem', { name: 'Attributes' }).click();
  await expect(page).toHaveURL(/\/admin\/attributes/);
  await expect(page.locator('tbody tr', { hasText: 'Seating capacity' })).toContainText('Some categories');
  await expect(page.locator('tbody tr', { hasText: 'Material' })).toContainText('Every listing');

  // A new one: the code cannot be one of the listing's own parameters
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/admin\/attributes\/create$/);
  await page.getByRole('textbox', { name: 'Name' }).fill(attributeName);
  await page.getByRole('textbox', { name: 'Code' }).fill('price');
  await page.getByLabel('Every listing filters on it').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('“price” is one of the listing’s own parameters')).toBeVisible();
  await page.getByRole('textbox', { name: 'Code' }).fill(code);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Values' })).toBeVisible();
  const [attribute] = await rest<{ id: number; all_categories: boolean }[]>(
    `/rest/v1/attributes?select=id,all_categories&code=eq.${code}`,
  );
  expect(attribute!.all_categories).toBe(false);

  // Values, each saved on its own: add two (a bad colour is refused first), rename one, delete one
  const values = page.getByRole('region', { name: 'Values' });
  for (const [value, swatch] of [
    ['Matte', ''],
    ['Glossy', 'white'],
  ] as const) {
    await values.getByRole('button', { name: 'Add value' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a value' });
    await dialog.getByLabel('Value').fill(value);
    if (swatch) {
      await dialog.getByLabel('Swatch colour').fill(swatch);
      await dialog.getByRole('button', { name: 'Save value' }).click();
      await expect(dialog.getByText('A colour as #rrggbb, e.g. #8b5a2b')).toBeVisible();
      await dialog.getByLabel('Swatch colour').fill('#fafafa');
    }
    await dialog.getByRole('button', { name: 'Save value' }).click();
    await expect(dialog).toBeHidden();
    await expect(values.getByRole('row', { name: new RegExp(value) })).toBeVisible();
  }
  await expect(values.getByRole('row', { name: /Matte/ })).toContainText('matte');
  await values.getByRole('button', { name: 'Edit Glossy' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Glossy' });
  await edit.getByLabel('Value').fill('High gloss');
  await edit.getByRole('button', { name: 'Save value' }).click();
  await expect(edit).toBeHidden();
  await expect(values.getByRole('row', { name: /High gloss/ })).toBeVisible();
  await values.getByRole('button', { name: 'Delete Matte' }).click();
  await page.getByRole('dialog', { name: 'Delete Matte' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(values.getByRole('row', { name: /Matte/ })).toHaveCount(0);

  // Only some categories filter on it: tick Outdoor (whose listing no spec counts; catalog-filters
  // asserts Sofas' and Chairs' filter groups)
  const categories = page.getByRole('region', { name: 'Categories that filter on it' });
  await categories.getByLabel('Outdoor').check();
  await expect
    .poll(
      async () =>
        (
          await rest<{ category_id: number }[]>(
            `/rest/v1/category_attributes?select=category_id,categories!inner(slug)&attribute_id=eq.${attribute!.id}&categories.slug=eq.outdoor`,
          )
        ).length,
    )
    .toBe(1);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The product's Filters: tick High gloss (grouped under the attribute) and save
  await page.goto(`/admin/products/edit/${product.id}`);
  const filters = page.getByRole('region', { name: 'Filters' });
  await expect(filters.getByRole('group', { name: new RegExp(attributeName) })).toBeVisible();
  await filters
    .getByRole('group', { name: new RegExp(attributeName) })
    .getByLabel('High gloss')
    .check();
  await filters.getByRole('button', { name: 'Update filters' }).click();
  await expect(page.getByText('Filters saved')).toBeVisible();
  const [gloss] = await rest<{ id: number }[]>(
    `/rest/v1/attribute_values?select=id&attribute_id=eq.${attribute!.id}&value=eq.High%20gloss`,
  );
  await expect
    .poll(async () => {
      const [row] = await rest<{ attribute_value_ids: number[] }[]>(
        `/rest/v1/products?select=attribute_value_ids&id=eq.${product.id}`,
      );
      return row!.attribute_value_ids;
    })
    .toEqual([gloss!.id]);
  await expect(filters.getByRole('button', { name: 'Update filters' })).toBeDisabled();
  expect(outside).toEqual([]);
});
