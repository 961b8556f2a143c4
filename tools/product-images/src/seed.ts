/**
 * Reads the products out of supabase/seed.sql: the rows of its `values` list, each starting
 * ('category-slug', 'product-slug', 'Name', 'description', price, original_price, 'material', 'colour', 'dimensions', …
 * Pure text parsing (no database), so the unit test can run it in CI.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SeedProduct {
  category: string;
  slug: string;
  name: string;
  material: string;
  color: string;
  dimensions: string;
}

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const seedPath = resolve(repoRoot, 'supabase/seed.sql');
export const productsDir = resolve(repoRoot, 'storefront/public/images/products');
export const fallbackDir = resolve(repoRoot, 'storefront/public/images/fallback');
export const MAX_BYTES = 60 * 1024;
/**
 * Smaller copies written beside each 800 px picture, in a folder per width (`products/400/<slug>.webp`):
 * the storefront's `srcset` (storefront/src/features/catalog/image-sources.ts) offers them to phones.
 */
export const SMALL_WIDTHS = [400] as const;

const str = "'((?:[^']|'')*)'";
const ROW = new RegExp(
  `\\(\\s*${str},\\s*${str},\\s*${str},\\s*${str},\\s*[\\d.]+,\\s*(?:[\\d.]+|null),\\s*${str},\\s*${str},\\s*${str}`,
  'g',
);
const unq = (s: string) => s.replace(/''/g, "'");

export function parseSeed(sql: string): SeedProduct[] {
  const out: SeedProduct[] = [];
  for (const m of sql.matchAll(ROW)) {
    const [, category, slug, name, , material, color, dimensions] = m.map((x) =>
      x === undefined ? '' : unq(x),
    );
    if (!/^[a-z0-9-]+$/.test(slug) || !/^[a-z0-9-]+$/.test(category)) continue;
    out.push({ category, slug, name, material, color, dimensions });
  }
  return out;
}

export function readSeed(path = seedPath): SeedProduct[] {
  return parseSeed(readFileSync(path, 'utf8'));
}

/** The slugs that categories point at (image_url '/images/products/<slug>.webp'). */
export function categoryImageSlugs(sql: string): string[] {
  return [...sql.matchAll(/'\/images\/products\/([a-z0-9-]+)\.webp'/g)].map((m) => m[1]);
}
