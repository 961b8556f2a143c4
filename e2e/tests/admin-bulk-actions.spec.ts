import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import {
  blockThirdParty,
  createProduct,
  createUser,
  deleteProductNamed,
  placeOrder,
  signInAsAdmin,
} from './support/admin';
import { rest } from './support/rest';

// Sign-in, two lists, the undo windows and the storefront: on two cores more than the default 30 s.
test.describe.configure({ timeout: 150_000 });

type ProductFlags = { name: string; is_active: boolean; featured: boolean };

const flagsOf = async (names: string[]) =>
  rest<ProductFlags[]>(
    `/rest/v1/products?select=name,is_active,featured&name=in.(${names.map((n) => `"${n}"`).join(',')})&order=name`,
  );

/** The admin's product list searched by the test's own tag, every row selected. */
async function selectProducts(page: Page, tag: string, count: number) {
  await page.goto(`/admin/products?filter=${encodeURIComponent(JSON.stringify({ q: tag }))}`);
  // the first list of a busy machine can take more than the default 10 s (CI11 at load 5)
  await expect(page.locator('tbody tr', { hasText: tag })).toHaveCount(count, { timeout: 30_000 });
  await page.getByRole('checkbox', { name: 'Select all' }).check();
}

test('staff deactivate products: Undo keeps them on sale; without Undo they leave the category page', async ({
  page,
}, info) => {
  const outside = await blockThirdParty(page);
  const tag = `Bulk ${info.project.name} ${Date.now().toString(36)}`;
  const names = [`${tag} stool A`, `${tag} stool B`];
  for (const name of names) await createProduct(name);
  const staff = await createUser('admin');
  try {
    await signInAsAdmin(page, staff);
    await selectProducts(page, tag, 2);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Deactivate, then Undo: nothing is sent
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('2 products deactivated')).toBeVisible();
    const undo = page.getByRole('button', { name: 'Undo' });
    await undo.click();
    await expect(undo).toBeHidden();
    await page.waitForTimeout(1_000);
    expect((await flagsOf(names)).map((p) => p.is_active)).toEqual([true, true]);

    // Both are on the storefront's Outdoor page (newest first)
    await page.goto('/category/outdoor');
    for (const name of names) await expect(page.getByText(name).first()).toBeVisible();

    // Deactivate without Undo: sent when the notification closes
    await selectProducts(page, tag, 2);
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('2 products deactivated')).toBeVisible();
    await expect
      .poll(async () => (await flagsOf(names)).map((p) => p.is_active), { timeout: 15_000 })
      .toEqual([false, false]);
    // Staff still see them, marked inactive
    await page.reload();
    await expect(page.locator('tbody tr', { hasText: tag })).toHaveCount(2);

    await page.goto('/category/outdoor');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const name of names) await expect(page.getByText(name)).toHaveCount(0);
    expect(outside).toEqual([]);
  } finally {
    for (const name of names) await deleteProductNamed(name);
  }
});

test('staff feature two products and they appear in the home page’s featured section', async ({
  page,
}, info) => {
  await blockThirdParty(page);
  const tag = `Feature ${info.project.name} ${Date.now().toString(36)}`;
  const names = [`${tag} bench A`, `${tag} bench B`];
  for (const name of names) await createProduct(name);
  const staff = await createUser('admin');
  try {
    await signInAsAdmin(page, staff);
    await selectProducts(page, tag, 2);
    await page.getByRole('button', { name: 'Feature', exact: true }).click();
    await expect(page.getByText('2 products featured')).toBeVisible();
    await expect
      .poll(async () => (await flagsOf(names)).map((p) => p.featured), { timeout: 15_000 })
      .toEqual([true, true]);
    await page.goto('/');
    const featured = page.getByRole('list', { name: 'Featured products' });
    for (const name of names) await expect(featured.getByText(name)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  } finally {
    for (const name of names) await deleteProductNamed(name);
  }
});

test('staff mark two orders processing, then shipped; an unpaid online order is refused and named', async ({
  page,
}) => {
  await blockThirdParty(page);
  const shopper = await createUser();
  const cod = [await placeOrder(shopper), await placeOrder(shopper)];
  const unpaid = await placeOrder(shopper, { method: 'razorpay' });
  const staff = await createUser('support');
  const statusOf = async () =>
    (
      await rest<{ order_number: string; status: string }[]>(
        `/rest/v1/orders?select=order_number,status&contact_email=eq.${encodeURIComponent(shopper.email)}&order=order_number`,
      )
    ).reduce<Record<string, string>>((all, o) => ({ ...all, [o.order_number]: o.status }), {});

  await signInAsAdmin(page, staff);
  const list = `/admin/orders?filter=${encodeURIComponent(JSON.stringify({ contact_email: shopper.email }))}`;
  for (const [status, button] of [
    ['processing', 'Mark processing'],
    ['shipped', 'Mark shipped'],
  ] as const) {
    await page.goto(list);
    await expect(page.locator('tbody tr')).toHaveCount(3);
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByText(`2 orders marked ${status}`)).toBeVisible();
    const refused = page.getByRole('dialog', { name: `1 order was not marked ${status}` });
    await expect(refused).toBeVisible();
    await expect(refused).toContainText(`Order ${unpaid.order_number} has not been paid online yet`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await refused.getByRole('button', { name: 'Close' }).click();
    await expect(refused).toBeHidden();
    await expect.poll(statusOf).toEqual({
      [cod[0]!.order_number]: status,
      [cod[1]!.order_number]: status,
      [unpaid.order_number]: 'pending',
    });
  }
});
