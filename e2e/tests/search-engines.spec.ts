import { expect, test } from '@playwright/test';

test('robots.txt and sitemap.xml describe the live catalog', async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.ok()).toBe(true);
  const text = await robots.text();
  expect(text).toContain('Disallow: /admin/');
  expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);

  // The seed catalog fits in one file: a urlset on this site's address, from the database.
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.ok()).toBe(true);
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const xml = await sitemap.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(xml).toContain(`<loc>${baseURL}/category/sofas</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/product/aarav-3-seater-fabric-sofa</loc>`);
  expect(xml.match(/<loc>[^<]+\/product\//g)!.length).toBeGreaterThanOrEqual(60);
});

test('pages have their own title and description; a product page carries Product JSON-LD', async ({
  page,
}) => {
  const description = () => page.locator('meta[name="description"]').getAttribute('content');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
  const home = { title: await page.title(), description: await description() };
  expect(home.title).toContain('FurniCraft');

  await page.goto('/product/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Aarav 3-Seater Fabric Sofa' })).toBeVisible();
  await expect(page).toHaveTitle('Aarav 3-Seater Fabric Sofa | FurniCraft');
  expect(await description()).not.toBe(home.description);

  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as {
    '@type': string;
    name: string;
    offers: { price: string; priceCurrency: string; availability: string };
  };
  expect(ld['@type']).toBe('Product');
  expect(ld.name).toBe('Aarav 3-Seater Fabric Sofa');
  expect(ld.offers).toMatchObject({
    price: '24999.00',
    priceCurrency: 'INR',
    availability: 'https://schema.org/InStock',
  });

  await page.goto('/contact');
  await expect(page).not.toHaveTitle(home.title);
});
