/**
 * Reads the products out of supabase/seed.sql: the rows of its `values` list, each starting
 * ('category-slug', 'product-slug', 'Name', 'description', price, original_price, 'material', 'colour', 'dimensions', …
 * and their variants (issue 16) from the seed's two lists:
 *   options:  ('product-slug', 'Option', 'Value', '#rrggbb' | null)
 *   variants: ('product-slug', 'SKU', array['Value', …], price, original_price, stock, 'dimensions' | null, …
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

export interface SeedOptionValue {
  slug: string;
  option: string;
  value: string;
  swatch: string | null;
}

export interface SeedVariant {
  slug: string;
  sku: string;
  /** one value per option, in the options' order */
  values: string[];
  price: number;
  originalPrice: number | null;
  stock: number;
  /** null: the product's */
  dimensions: string | null;
  /** the picture's name without .webp: '<slug>--<lower(sku)>' (the seed's images path) */
  image: string;
}

/** What the renderer takes for a picture: a product, or a variant drawn as one. */
export interface RenderItem extends SeedProduct {
  /** the file name without .webp */
  image: string;
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

const nullable = (s: string) => `(?:${s}|null)`;
const OPTION_ROW = new RegExp(
  `\\(\\s*${str},\\s*${str},\\s*${str},\\s*${nullable("'(#[0-9a-fA-F]{6})'")}\\s*\\)`,
  'g',
);
const VARIANT_ROW = new RegExp(
  `\\(\\s*${str},\\s*${str},\\s*array\\[((?:\\s*${str.replace('(', '(?:')},?)+)\\],\\s*([\\d.]+),\\s*([\\d.]+|null),\\s*(\\d+),\\s*${nullable(str)}`,
  'g',
);
const slugLike = (s: string) => /^[a-z0-9-]+$/.test(s);

export function parseOptionValues(sql: string): SeedOptionValue[] {
  const out: SeedOptionValue[] = [];
  for (const m of sql.matchAll(OPTION_ROW)) {
    const [, slug = '', option = '', value = '', swatch] = m;
    if (!slugLike(slug)) continue;
    out.push({ slug, option: unq(option), value: unq(value), swatch: swatch ?? null });
  }
  return out;
}

export function parseVariants(sql: string): SeedVariant[] {
  const out: SeedVariant[] = [];
  for (const m of sql.matchAll(VARIANT_ROW)) {
    const [, slug = '', sku = '', list = '', price = '', original = '', stock = '', dimensions] = m;
    if (!slugLike(slug)) continue;
    out.push({
      slug,
      sku: unq(sku),
      values: [...list.matchAll(new RegExp(str, 'g'))].map((v) => unq(v[1] ?? '')),
      price: Number(price),
      originalPrice: original === 'null' ? null : Number(original),
      stock: Number(stock),
      dimensions: dimensions === undefined ? null : unq(dimensions),
      image: `${slug}--${unq(sku).toLowerCase()}`,
    });
  }
  return out;
}

/**
 * Each variant as the renderer draws it: its product with the variant's colour (the swatch of its
 * coloured value), material (velvet when the value says so), dimensions, and the values appended to the
 * name, so that an 'L-shape (left)' is drawn as a sectional with the chaise on its left.
 */
export function variantRenderItems(sql: string): RenderItem[] {
  const products = new Map(parseSeed(sql).map((p) => [p.slug, p]));
  const options = parseOptionValues(sql);
  return parseVariants(sql).flatMap((v) => {
    const p = products.get(v.slug);
    if (!p) return [];
    const swatch = v.values
      .map((value) => options.find((o) => o.slug === v.slug && o.value === value)?.swatch)
      .find((c) => c);
    const velvet = v.values.some((value) => /velvet/i.test(value));
    const fabricLike = v.values.some((value) => /linen|cotton/i.test(value));
    return [
      {
        ...p,
        name: `${p.name} (${v.values.join(' / ')})`,
        color: swatch ?? p.color,
        material: velvet ? 'Velvet fabric' : fabricLike ? 'Fabric' : p.material,
        dimensions: v.dimensions ?? p.dimensions,
        image: v.image,
      },
    ];
  });
}

/** Every picture the seed names: one per product, one per variant of an optioned product. */
export function renderItems(sql: string): RenderItem[] {
  return [...parseSeed(sql).map((p) => ({ ...p, image: p.slug })), ...variantRenderItems(sql)];
}

/** The slugs that categories point at (image_url '/images/products/<slug>.webp'). */
export function categoryImageSlugs(sql: string): string[] {
  return [...sql.matchAll(/'\/images\/products\/([a-z0-9-]+)\.webp'/g)].map((m) => m[1]);
}
