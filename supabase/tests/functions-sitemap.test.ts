/**
 * /sitemap.xml on the web origin: the `sitemap` Edge Function (real Deno) writing the live catalog,
 * passed through by supabase-local's web server with the site's address. A product added after the
 * build is listed at once; a catalog beyond one file (here: parts of 40 products, SITEMAP_PART_SIZE)
 * becomes a sitemap index whose parts list every product once. PGlite, and PostgreSQL when
 * DATABASE_URL is set.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from 'supabase-local';
import { forEachServer, functionsSurface, type TestServer } from 'supabase-local/testing';
import { STORE_PATHS } from './support/store.ts';

const dist = mkdtempSync(join(tmpdir(), 'sl-sitemap-web-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>store</title>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const PART = 40;
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

forEachServer(
  'sitemap.xml from the live catalog',
  {
    migrationsDir: STORE_PATHS.migrationsDir,
    seedPaths: STORE_PATHS.seedPaths,
    config: loadConfig(),
    web: { storefrontDist: dist, adminDist: dist },
    surfaces: {
      functions: functionsSurface({ env: { ...process.env, SITEMAP_PART_SIZE: String(PART) } }),
    },
  },
  ({ server }) => {
    let s: TestServer;
    let products: number;
    beforeAll(async () => {
      s = server();
      products = Number(
        (await s.db.query<{ n: string }>('select count(*) as n from public.products')).rows[0]!.n,
      );
    });
    const get = (path: string) => fetch(`${s.webUrl}${path}`);

    it('lists the pages, categories and products on the site, as a sitemap index beyond one part', async () => {
      expect(products).toBeGreaterThan(PART); // the seed catalog: more than one part of 40
      const res = await get('/sitemap.xml');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
      const index = await res.text();
      expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const parts = locs(index);
      expect(parts).toHaveLength(1 + Math.ceil(products / PART));
      expect(parts[0]).toBe(`${s.webUrl}/sitemap.xml?page=0`);

      const pages = locs(await (await get('/sitemap.xml?page=0')).text());
      expect(pages).toContain(`${s.webUrl}/`);
      expect(pages).toContain(`${s.webUrl}/all-categories`);
      expect(pages).toContain(`${s.webUrl}/category/sofas`);
      expect(pages).toContain(`${s.webUrl}/category/living-room`);

      const listed: string[] = [];
      for (const loc of parts.slice(1)) {
        const part = await (await fetch(loc)).text();
        expect(part).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
        listed.push(...locs(part));
      }
      const slugs = (
        await s.db.query<{ slug: string }>('select slug from public.products order by id')
      ).rows.map((r) => `${s.webUrl}/product/${r.slug}`);
      expect(listed).toEqual(slugs); // every product once, in id order
    });

    it('lists a product as soon as it is added, and refuses what it does not serve', async () => {
      await s.db.query(
        `insert into public.products (slug, name, price, category_id, stock_quantity)
         values ('sitemap-test-stool', 'Sitemap Test Stool', 1499, 1, 3)`,
      );
      const index = locs(await (await get('/sitemap.xml')).text());
      const last = await (await fetch(index.at(-1)!)).text();
      expect(last).toContain(`<loc>${s.webUrl}/product/sitemap-test-stool</loc>`);

      expect((await get('/sitemap.xml?page=999')).status).toBe(404);
      expect((await get('/sitemap.xml?page=x')).status).toBe(404);
    });
  },
);
