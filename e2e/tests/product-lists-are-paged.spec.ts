import { expect, test, type Page, type Request } from '@playwright/test';
import { rupeesShown } from './support/rupees';

const PAGE_SIZE = 24;

/** The storefront's short product lists (REST `GET /rest/v1/products`), as the shopper's browser sent them. */
function productRequests(page: Page): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.pathname === '/rest/v1/products') seen.push(url.searchParams);
  });
  return seen;
}

/** The listing pages' requests: `browse_products` (one page of results with its total and counts). */
function browseRequests(page: Page): Record<string, unknown>[] {
  const seen: Record<string, unknown>[] = [];
  page.on('request', (r: Request) => {
    if (new URL(r.url()).pathname === '/rest/v1/rpc/browse_products') seen.push(r.postDataJSON());
  });
  return seen;
}

const names = (page: Page) =>
  page.getByRole('list', { name: 'Products' }).getByRole('listitem').getByRole('heading').allTextContents();

test('the all-products page shows 24 products, and Load more adds the next pages in the same order', async ({
  page,
}) => {
  const requests = browseRequests(page);
  await page.goto('/products?sort=price-asc');
  const items = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
  await expect(items).toHaveCount(PAGE_SIZE);
  await expect(page.getByText(`Showing ${PAGE_SIZE} products`)).toBeVisible();
  // One page with the total (the database counts), never the whole catalog.
  const first = requests.find((p) => p.page_offset === 0);
  expect(first?.page_size).toBe(PAGE_SIZE);
  expect(first?.sort).toBe('price-asc');
  expect(requests.every((p) => p.page_size === PAGE_SIZE)).toBe(true);
  const firstPage = await names(page);

  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(items).toHaveCount(2 * PAGE_SIZE);
  await expect(page.getByText(`Showing ${2 * PAGE_SIZE} products`)).toBeVisible();
  expect(requests.find((p) => p.page_offset === PAGE_SIZE)?.page_size).toBe(PAGE_SIZE);
  const twoPages = await names(page);
  expect(twoPages.slice(0, PAGE_SIZE)).toEqual(firstPage);

  // The seed has 69 products (and the journeys before this one may have added a few): Load more until
  // the last page, 24 more each time, and then the button goes away.
  for (let shown = 2 * PAGE_SIZE; await page.getByRole('button', { name: 'Load more' }).isVisible();) {
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(
      page.getByText(new RegExp(`^Showing (${shown + PAGE_SIZE}|all \\d+) products$`)),
    ).toBeVisible();
    shown += PAGE_SIZE;
    expect(shown).toBeLessThan(10 * PAGE_SIZE);
  }
  await expect(page.getByText(/^Showing all \d+ products$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  const all = await names(page);
  expect(all.length).toBeGreaterThan(2 * PAGE_SIZE);
  expect(new Set(requests.map((p) => p.page_offset)).size).toBe(Math.ceil(all.length / PAGE_SIZE));
  expect(all.slice(0, 2 * PAGE_SIZE)).toEqual(twoPages);
  expect(new Set(all).size).toBe(all.length);
  await expect(page.getByText(`Showing all ${all.length} products`)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `${all.length} products` })).toBeVisible();
  // Paging never enters the URL.
  await expect(page).not.toHaveURL(/page=|offset=/);

  // Sorted by price across the pages, and the sort stays in the URL.
  const prices = await page
    .getByRole('list', { name: 'Products' })
    .getByRole('listitem')
    .getByTestId('card-price')
    .allTextContents();
  const amounts = prices.map(rupeesShown);
  expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  await expect(page).toHaveURL(/sort=price-asc/);
});

test('a category page and related products ask for a limited list', async ({ page }) => {
  const requests = productRequests(page);
  const listings = browseRequests(page);
  // One request for a category with products: browse_products by its slug (no category list).
  const categoryLists: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/rest/v1/category_summaries') categoryLists.push(r.url());
  });
  await page.goto('/category/sofas');
  await expect(page.getByRole('heading', { name: 'Sofas Collection' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sofas products' }).getByRole('listitem')).toHaveCount(7);
  await expect(page.getByText('Showing all 7 products')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  // By the category's slug, answering the category too: the one request of the page.
  const list = listings.find((p) => p.category_slug === 'sofas');
  expect(list?.page_offset).toBe(0);
  expect(list?.page_size).toBe(PAGE_SIZE);
  await expect(page.getByText('Three-seaters, sectionals, loveseats')).toBeVisible(); // the category's description
  expect(categoryLists, 'no category list for a category with products').toEqual([]);

  await page.getByRole('link', { name: /Ira Chesterfield 3-Seater Sofa/ }).click();
  await expect(page.getByRole('heading', { name: 'Related Products' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Related products' }).getByRole('listitem')).toHaveCount(4);
  expect(
    requests
      .filter((p) => p.has('category_id'))
      .at(-1)
      ?.get('limit'),
  ).toBe('5');
});

test('a product opens at its top, and Back returns to the same place in the list', async ({ page }) => {
  await page.goto('/products?sort=price-asc');
  const items = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
  await expect(items).toHaveCount(PAGE_SIZE);
  // Well down the list: the 20th product.
  const card = items.nth(19);
  await card.scrollIntoViewIfNeeded();
  const name = (await card.getByRole('heading').textContent()) ?? '';
  const listY = await page.evaluate(() => window.scrollY);
  expect(listY).toBeGreaterThan(500);

  await card.getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY), 'a new page starts at the top').toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/products\?sort=price-asc$/);
  await expect(card).toBeInViewport();
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - listY)).toBeLessThan(50);

  // A sort is a change of the listing, not a new page: the window stays where it is.
  const sort = page.getByLabel('Sort by');
  await sort.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  const sortY = await page.evaluate(() => window.scrollY);
  await sort.selectOption({ label: 'Price: High to Low' });
  await expect(page).toHaveURL(/sort=price-desc/);
  await expect(items.first()).toBeAttached();
  expect(await page.evaluate(() => window.scrollY)).toBe(sortY);
});
