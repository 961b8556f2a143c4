import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { rupeesShown } from './support/rupees';

/** The number in a filter's label: "Fabric (5)" → 5. */
async function countIn(option: Locator): Promise<number> {
  const label = await option.evaluate((el) => el.closest('label')?.textContent ?? '');
  const n = /\((\d+)\)\s*$/.exec(label)?.[1];
  if (n === undefined) throw new Error(`no count in "${label}"`);
  return Number(n);
}

const results = (page: Page) => page.getByRole('list', { name: 'Sofas products' }).getByRole('listitem');
const total = (page: Page, n: number) =>
  expect(page.getByRole('status').filter({ hasText: /products?$/ })).toHaveText(
    `${n} ${n === 1 ? 'product' : 'products'}`,
  );

test.describe('desktop', () => {
  test.skip(({ isMobile }) => isMobile, 'the side rail is the desktop layout');

  test('a shopper filters sofas by material and price: counts shown, the results match, reload and Back keep the state', async ({
    page,
  }) => {
    await page.goto('/category/sofas');
    await expect(page.getByRole('heading', { name: 'Sofas Collection' })).toBeVisible();
    await total(page, 7);
    const rail = page.getByRole('region', { name: 'Filters' });
    // Seating capacity is a sofa's filter (the category has it); material and colour are everyone's.
    for (const group of [
      'Material',
      'Colour',
      'Seating capacity',
      'Price',
      'Customer rating',
      'Availability',
    ]) {
      await expect(rail.getByRole('group', { name: group })).toBeVisible();
    }
    expect(await seriousA11yViolations(page)).toEqual([]);

    const material = rail.getByRole('group', { name: 'Material' });
    const fabric = material.getByRole('checkbox', { name: /^Fabric \(\d+\)$/ });
    const fabricCount = await countIn(fabric);
    expect(fabricCount).toBe(5);
    await fabric.check();
    await expect(page).toHaveURL('/category/sofas?material=fabric');
    await total(page, fabricCount);
    await expect(results(page)).toHaveCount(fabricCount);
    // Its own group is counted without it: Leather still says how many leather sofas there are.
    await expect(material.getByRole('checkbox', { name: /^Leather \(1\)$/ })).toBeVisible();

    const price = rail.getByRole('group', { name: 'Price' });
    const bucket = price.getByRole('radio', { name: /^₹10,000 – ₹25,000 \(\d+\)$/ });
    const bucketCount = await countIn(bucket);
    expect(bucketCount).toBe(3);
    await bucket.check();
    await expect(page).toHaveURL('/category/sofas?material=fabric&price=10000-25000');
    await total(page, bucketCount);
    await expect(results(page)).toHaveCount(bucketCount);
    await expect(page.getByRole('button', { name: 'Remove Material: Fabric' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Price: ₹10,000 – ₹25,000' })).toBeVisible();

    // A link (and a reload) reproduces the page.
    await page.reload();
    await total(page, 3);
    await expect(rail.getByRole('checkbox', { name: /^Fabric/ })).toBeChecked();
    await expect(rail.getByRole('radio', { name: /^₹10,000 – ₹25,000/ })).toBeChecked();

    // Back: the previous selection, then none.
    await page.goBack();
    await expect(page).toHaveURL('/category/sofas?material=fabric');
    await total(page, 5);
    await expect(rail.getByRole('radio', { name: 'Any price' })).toBeChecked();
    await page.goBack();
    await expect(page).toHaveURL('/category/sofas');
    await total(page, 7);
    await expect(rail.getByRole('checkbox', { name: /^Fabric/ })).not.toBeChecked();
  });

  test('a link is made canonical, a selected value stays at 0, chips and Clear all remove filters', async ({
    page,
  }) => {
    // Unknown values drop out; groups and values come back in order; the default sort is left out.
    await page.goto('/category/sofas?sort=newest&material=unobtainium,leather&colour=grey&page=3');
    await expect(page).toHaveURL('/category/sofas?colour=grey&material=leather');
    await expect(page.getByText('No products match these filters.')).toBeVisible();
    const rail = page.getByRole('region', { name: 'Filters' });
    await expect(rail.getByRole('checkbox', { name: 'Leather (0)' })).toBeChecked();
    await expect(rail.getByRole('checkbox', { name: 'Grey (0)' })).toBeChecked();

    await page.getByRole('button', { name: 'Remove Colour: Grey' }).click();
    await expect(page).toHaveURL('/category/sofas?material=leather');
    await total(page, 1);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(page).toHaveURL('/category/sofas');
    await total(page, 7);

    await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
    await expect(page).toHaveURL('/category/sofas?sort=price-asc');
    await total(page, 7);
    const prices = await results(page).getByTestId('card-price').allTextContents();
    const amounts = prices.map(rupeesShown);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));

    // The keyboard ticks a value (native checkboxes in fieldsets).
    await page
      .getByRole('region', { name: 'Filters' })
      .getByRole('checkbox', { name: /^Velvet/ })
      .focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL('/category/sofas?material=velvet&sort=price-asc');
    await total(page, 1);

    // The all-products page's old links: ?max= becomes a price range, an unknown category goes.
    await page.goto('/products?max=25000&category=nope');
    await expect(page).toHaveURL('/products?price=-25000');
    await expect(
      page.getByRole('region', { name: 'Filters' }).getByRole('radio', { name: /^₹10,000 – ₹25,000/ }),
    ).not.toBeChecked();

    // A category without seating has no such group.
    await page.goto('/category/chairs');
    await expect(
      page.getByRole('region', { name: 'Filters' }).getByRole('group', { name: 'Material' }),
    ).toBeVisible();
    await expect(page.getByRole('group', { name: 'Seating capacity' })).toHaveCount(0);
  });
});

test.describe('phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'the bottom sheet is the phone layout');

  test('on a phone the filters open in a bottom sheet whose button shows the real number of results', async ({
    page,
  }) => {
    await page.goto('/category/sofas');
    await total(page, 7);
    await expect(page.getByRole('region', { name: 'Filters' })).toBeHidden();
    const opener = page.getByRole('button', { name: /^Filters/ });
    await opener.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await expect(sheet).toHaveAttribute('aria-modal', 'true');
    await expect(sheet.getByRole('button', { name: 'Show 7 results' })).toBeVisible();

    await sheet
      .getByRole('group', { name: 'Material' })
      .getByRole('checkbox', { name: /^Fabric/ })
      .check();
    await expect(sheet.getByRole('button', { name: 'Show 5 results' })).toBeVisible();
    await sheet.getByLabel('Min price (₹)').fill('10000');
    await sheet.getByLabel('Max price (₹)').fill('25000');
    await sheet.getByRole('button', { name: 'Apply price' }).click();
    await expect(sheet.getByRole('button', { name: 'Show 3 results' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await sheet.getByRole('button', { name: 'Show 3 results' }).click();
    await expect(sheet).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page).toHaveURL('/category/sofas?material=fabric&price=10000-25000');
    await expect(results(page)).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();

    // Escape closes it; Back restores the previous selection.
    await opener.click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await page.goBack();
    await expect(page).toHaveURL('/category/sofas?material=fabric');
    await expect(results(page)).toHaveCount(5);

    // Clear all in the sheet.
    await opener.click();
    await sheet.getByRole('button', { name: 'Clear all' }).click();
    await expect(sheet.getByRole('button', { name: 'Show 7 results' })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Clear all' })).toHaveCount(0);
    await expect(sheet.getByRole('button', { name: 'Show 7 results' })).toBeFocused();
    await expect(page).toHaveURL('/category/sofas');
  });
});
