import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { header as showHeader } from './support/header';

test('the home page shows the header and footer and has no serious accessibility violations', async ({
  page,
}) => {
  await page.goto('/');

  const header = await showHeader(page);
  await expect(header.getByRole('link', { name: 'FurniCraft' })).toBeVisible();
  const mainNav = header.getByRole('navigation', { name: 'Main' });
  for (const name of ['Home', 'Categories', 'Contact']) {
    await expect(mainNav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(header.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin/login');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign Up' })).toBeVisible();

  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Monday to Saturday');
  await expect(footer).toContainText('9:00 AM to 8:00 PM');
  await expect(footer).toContainText('Sunday');
  await expect(footer).toContainText('10:00 AM to 6:00 PM');

  // Let the categories section settle (a grid, the empty state or an error) before scanning.
  await expect(page.getByRole('heading', { name: 'Shop by Categories' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Loading categories' })).toHaveCount(0);

  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('an unknown path shows the 404 page with Go to Homepage and Go Back', async ({ page }) => {
  await page.goto('/no-such-page');

  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const goHome = page.getByRole('link', { name: 'Go to Homepage' });
  const goBack = page.getByRole('button', { name: 'Go Back' });
  await expect(goHome).toBeVisible();
  await expect(goBack).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Opened directly there is no earlier page of ours, so Go Back lands on the home page.
  await goBack.click();
  await expect(page).toHaveURL('/');

  await page.goto('/another/missing/page');
  await page.getByRole('link', { name: 'Go to Homepage' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Shop by Categories' })).toBeVisible();
});

test('the admin console shows its login form', async ({ page }) => {
  await page.goto('/admin/');

  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('textbox', { name: 'Admin ID' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('on a slow stylesheet the store name shows at once and the page appears only once styled', async ({
  page,
}) => {
  // The stylesheet arrives 1.5 s late (a slow phone): it no longer holds back the first paint.
  await page.route('**/assets/*.css', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  // How the header looks the moment React puts it in the page (before any later restyling).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const header = document.querySelector('header');
      if (!header) return;
      observer.disconnect();
      (window as unknown as { firstHeaderPosition: string }).firstHeaderPosition =
        getComputedStyle(header).position;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/', { waitUntil: 'commit' });

  await expect(page.locator('#root > p', { hasText: 'FurniCraft' })).toBeVisible({ timeout: 1000 });
  await expect(page.getByRole('banner')).toBeVisible();
  // `sticky` comes from the stylesheet: an unstyled header would be `static`.
  expect(
    await page.evaluate(() => (window as unknown as { firstHeaderPosition: string }).firstHeaderPosition),
  ).toBe('sticky');
});

test('home shows its hero before it loads supabase-js; a category page too (index.html asks for its data), a product page loads it alongside the entry', async ({
  page,
}) => {
  const supabaseStart = () =>
    page.evaluate(
      () =>
        performance.getEntriesByType('resource').find((e) => /\/assets\/supabase-/.test(e.name))?.startTime,
    );

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Shop by Categories' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Loading categories' })).toHaveCount(0); // data came: supabase-js is in
  // The largest paint is the hero's heading, which index.html paints itself (lib/first-paint.ts).
  const heroShown = await page.evaluate(
    () =>
      new Promise<number | undefined>((resolve) =>
        new PerformanceObserver((list) => {
          const largest = list.getEntries().at(-1);
          resolve(
            largest instanceof LargestContentfulPaint && largest.url === '' ? largest.startTime : undefined,
          );
        }).observe({ type: 'largest-contentful-paint', buffered: true }),
      ),
  );
  expect(heroShown, 'the hero is the largest-contentful-paint entry').toBeGreaterThan(0);
  expect(await supabaseStart()).toBeGreaterThanOrEqual(heroShown!);

  await page.goto('/category/sofas');
  await expect(
    page.getByRole('list', { name: 'Sofas products' }).getByRole('listitem').first(),
  ).toBeVisible();
  // index.html asked for its data, so supabase-js waits for the page's first paint there too.
  expect(await page.locator('html[data-paint-first]').count()).toBe(1);
  const firstPaint = await page.evaluate(
    () =>
      new Promise<number | undefined>((resolve) =>
        new PerformanceObserver((list) =>
          resolve(
            // The first card's picture (index.html's first paint, lib/first-paint.ts: gone from the page now).
            list.getEntries().find((e) => e instanceof LargestContentfulPaint && /\/images\//.test(e.url))
              ?.startTime,
          ),
        ).observe({ type: 'largest-contentful-paint', buffered: true }),
      ),
  );
  expect(firstPaint, 'the page painted a largest-contentful-paint entry').toBeGreaterThan(0);
  expect(await supabaseStart()).toBeGreaterThanOrEqual(firstPaint!);

  await page.goto('/product/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.locator('link[rel="modulepreload"][href*="/assets/supabase-"]').count()).toBe(1);
  expect(await page.locator('html[data-paint-first]').count()).toBe(0);
});
