import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { header } from './support/header';

test('a typo still finds sofas, categories first, and the keyboard picks a suggestion', async ({ page }) => {
  await page.goto('/');
  const box = (await header(page)).getByRole('combobox', { name: 'Search products and categories' });
  await box.fill('s');
  await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toHaveCount(0);

  await box.fill('sofaa');
  const list = page.getByRole('listbox', { name: 'Search suggestions' });
  const options = list.getByRole('option');
  await expect(options.first()).toContainText('Sofas');
  await expect(options.first()).toContainText('Category');
  await expect(list.getByRole('option', { name: /Sofa/ }).nth(1)).toBeVisible();
  expect(await options.count()).toBeLessThanOrEqual(8);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await box.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL('/category/sofas');
  await expect(page.getByRole('heading', { name: 'Sofas Collection' })).toBeVisible();
  await expect(list).toHaveCount(0);
});

test('the dropdown closes on an outside click and on clear; Enter opens the results page', async ({
  page,
}) => {
  await page.goto('/');
  const box = (await header(page)).getByRole('combobox', { name: 'Search products and categories' });
  await box.fill('chiar');
  const list = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(list.getByRole('option').first()).toContainText('Chairs');

  await page.getByRole('heading', { name: 'Shop by Categories' }).click();
  await expect(list).toHaveCount(0);

  await box.fill('sofaa');
  await expect(list).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(list).toHaveCount(0);
  await expect(box).toHaveValue('');

  await box.fill('sofaa');
  await box.press('Enter');
  await expect(page).toHaveURL('/search?q=sofaa');
  await expect(page.getByRole('heading', { name: 'Search results for “sofaa”' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: /Sofa/ }).first(),
  ).toBeVisible();
});
