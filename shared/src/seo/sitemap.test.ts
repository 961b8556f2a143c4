import { describe, expect, it } from 'vitest';
import {
  productPath,
  SITEMAP_PART_SIZE,
  sitemapIndex,
  sitemapProductParts,
  sitemapUrlset,
} from './sitemap.ts';

describe('sitemap', () => {
  it('writes absolute, escaped URLs with the day they last changed', () => {
    const xml = sitemapUrlset('https://furnicraft.in/', [
      { path: '/' },
      { path: productPath('aarav-sofa'), lastmod: '2026-11-20T10:15:00+00:00' },
      { path: '/search?q=a&b' },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<url><loc>https://furnicraft.in/</loc></url>');
    expect(xml).toContain(
      '<url><loc>https://furnicraft.in/product/aarav-sofa</loc><lastmod>2026-11-20</lastmod></url>',
    );
    expect(xml).toContain('<loc>https://furnicraft.in/search?q=a&amp;b</loc>');
  });

  it('splits a catalog beyond one file into an index of parts', () => {
    expect(sitemapProductParts(60)).toBe(0);
    expect(sitemapProductParts(SITEMAP_PART_SIZE)).toBe(0);
    expect(sitemapProductParts(SITEMAP_PART_SIZE + 1)).toBe(2);
    expect(sitemapProductParts(100_000)).toBe(3);
    const index = sitemapIndex('http://127.0.0.1:3000', 3);
    expect(index).toContain('<sitemapindex');
    expect(index.match(/<sitemap>/g)).toHaveLength(4);
    expect(index).toContain('<loc>http://127.0.0.1:3000/sitemap.xml?page=0</loc>');
    expect(index).toContain('<loc>http://127.0.0.1:3000/sitemap.xml?page=3</loc>');
  });
});
