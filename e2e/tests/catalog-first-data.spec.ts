import { expect, test, type Page } from '@playwright/test';

/**
 * index.html asks for a catalog page's data and preloads its first picture before the app's scripts
 * arrive (storefront/src/lib/first-data.ts, docs/decisions/016-first-data-from-index-html.md); the page
 * then takes that answer instead of asking again.
 */

/** The app's entry script, held back `ms` (a slow phone): what happens before it arrives is index.html's doing. */
async function slowEntry(page: Page, ms: number) {
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

/** The API requests of the page (preflights left out), by method and path. */
function apiRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/rest/v1/') && r.method() !== 'OPTIONS')
      seen.push(`${r.method()} ${url.pathname}${url.search}`);
  });
  return seen;
}

/** When a resource's request started and when the entry's answer ended (ms since navigation). */
const timing = (page: Page, pattern: RegExp) =>
  page.evaluate((source) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const entry = entries.find((e) => /\/assets\/index-[\w-]+\.js$/.test(e.name));
    const first = entries.find((e) => new RegExp(source).test(e.name));
    return { entryEnd: entry?.responseEnd, start: first?.startTime };
  }, pattern.source);

test('a category page asks for its products and preloads the first picture before the app arrives, and asks once', async ({
  page,
}) => {
  await slowEntry(page, 1500);
  const requests = apiRequests(page);
  await page.goto('/category/sofas');

  const grid = page.getByRole('list', { name: 'Sofas products' });
  const firstPicture = grid.getByRole('listitem').first().locator('img');
  await expect(firstPicture).toBeVisible();
  await expect.poll(() => firstPicture.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);

  // The picture index.html preloaded is the one the first card shows (same srcset and sizes).
  const preload = page.locator('link[rel="preload"][as="image"]');
  await expect(preload).toHaveCount(1);
  expect(await preload.getAttribute('imagesrcset')).toBe(await firstPicture.getAttribute('srcset'));
  expect(await preload.getAttribute('imagesizes')).toBe(await firstPicture.getAttribute('sizes'));

  // Its request (and the data's) started while the entry was still on its way.
  const src = await firstPicture.evaluate((img: HTMLImageElement) => img.currentSrc);
  const picture = await timing(page, new RegExp(`${new URL(src).pathname.replace(/[.]/g, '\\.')}$`));
  expect(picture.start).toBeLessThan(picture.entryEnd!);
  const data = await timing(page, /\/rest\/v1\/rpc\/browse_products$/);
  expect(data.start).toBeLessThan(data.entryEnd!);

  // The page took that answer: browse_products was asked for once.
  expect(requests.filter((r) => r === 'POST /rest/v1/rpc/browse_products')).toHaveLength(1);
});

/** The address of the first sofa's page, as the Sofas collection links to it. */
async function firstSofaHref(page: Page) {
  await page.goto('/category/sofas');
  return page.getByRole('list', { name: 'Sofas products' }).getByRole('link').first().getAttribute('href');
}

/** The layout shifts of the page so far (the CLS sum, input-driven ones left out). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries())
            if ('value' in e && typeof e.value === 'number' && !('hadRecentInput' in e && e.hadRecentInput))
              sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 200);
      }),
  );

test('a category page shows its first picture before the app has arrived; the page then takes its place, nothing moving', async ({
  page,
}) => {
  await slowEntry(page, 1500);
  await page.goto('/category/sofas');

  // index.html's first paint (lib/first-paint.ts): the first card's picture, while the app is not there yet.
  const early = page.locator('#first-paint img');
  await expect(early).toBeVisible();
  await expect
    .poll(() => early.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  await expect(page.locator('#first-paint')).toHaveAttribute('aria-hidden', 'true');

  // The app's page with its picture; the first paint has gone, and nothing moved.
  const first = page
    .getByRole('list', { name: 'Sofas products' })
    .getByRole('listitem')
    .first()
    .locator('img');
  await expect(first).toBeVisible();
  await expect(page.locator('#first-paint')).toHaveCount(0);
  expect(await layoutShift(page)).toBe(0);
});

test('a product page shows its photo before the app has arrived', async ({ page }) => {
  const href = await firstSofaHref(page);
  await slowEntry(page, 1500);
  await page.goto(href!);
  await expect(page.locator('#first-paint img')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#first-paint')).toHaveCount(0);
  expect(await layoutShift(page)).toBe(0);
});

test('a product page asks for the product once, before the app arrives, and preloads its photo', async ({
  page,
}) => {
  const href = await firstSofaHref(page);

  await slowEntry(page, 1500);
  const requests = apiRequests(page);
  await page.goto(href!);
  const photo = page.getByRole('article').locator('img').first();
  await expect(photo).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const preload = page.locator('link[rel="preload"][as="image"]');
  await expect(preload).toHaveCount(1);
  expect(await preload.getAttribute('imagesrcset')).toBe(await photo.getAttribute('srcset'));
  expect(await preload.getAttribute('imagesizes')).toBe(await photo.getAttribute('sizes'));
  const data = await timing(page, /\/rest\/v1\/products\?select=/);
  expect(data.start).toBeLessThan(data.entryEnd!);

  const productId = href!.split('/').pop()!;
  expect(
    requests.filter((r) => r.startsWith('GET /rest/v1/products?') && r.endsWith(`id=eq.${productId}`)),
  ).toHaveLength(1);
  expect(requests.filter((r) => r.startsWith('GET /rest/v1/store_settings?'))).toHaveLength(1);
});

test('the search page asks for its results once; a signed-out visitor with filters asks for themselves', async ({
  page,
}) => {
  const requests = apiRequests(page);
  await page.goto('/search?q=sofa');
  await expect(
    page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Matching categories' })).toBeVisible();
  // The matching categories came with the results, not above results already shown.
  expect(await layoutShift(page)).toBe(0);
  expect(requests.filter((r) => r === 'POST /rest/v1/rpc/browse_products')).toHaveLength(1);
  expect(requests.filter((r) => r.startsWith('GET /rest/v1/category_summaries?'))).toHaveLength(1);

  // With a filter in the address index.html leaves the page to ask (no preload, the filtered results).
  await page.goto('/category/sofas?stock=1');
  await expect(
    page.getByRole('list', { name: 'Sofas products' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(page.locator('link[rel="preload"][as="image"]')).toHaveCount(0);
});
