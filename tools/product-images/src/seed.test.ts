import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MAX_BYTES,
  SMALL_WIDTHS,
  categoryImageSlugs,
  fallbackDir,
  parseOptionValues,
  parseSeed,
  parseVariants,
  productsDir,
  renderItems,
  seedPath,
} from './seed';

const sql = readFileSync(seedPath, 'utf8');
const products = parseSeed(sql);
const options = parseOptionValues(sql);
const variants = parseVariants(sql);
/** every picture the seed names: products and variants */
const pictures = renderItems(sql).map((i) => i.image);

describe('product images (committed output of tools/product-images)', () => {
  it('parses the seed products', () => {
    expect(products.length).toBeGreaterThanOrEqual(60);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    for (const p of products) expect(p.name && p.material && p.color).toBeTruthy();
  });

  it('parses the variants: each names its product, one known value per option, no combination twice', () => {
    expect(variants.length).toBeGreaterThanOrEqual(40);
    expect(new Set(variants.map((v) => v.sku.toLowerCase())).size).toBe(variants.length);
    const slugs = new Set(products.map((p) => p.slug));
    const problems: string[] = [];
    for (const v of variants) {
      if (!slugs.has(v.slug)) problems.push(`${v.sku}: no product ${v.slug}`);
      const names = [...new Set(options.filter((o) => o.slug === v.slug).map((o) => o.option))];
      if (v.values.length !== names.length)
        problems.push(`${v.sku}: ${v.values.length} values, ${names.length} options`);
      v.values.forEach((value, i) => {
        if (!options.some((o) => o.slug === v.slug && o.option === names[i] && o.value === value))
          problems.push(`${v.sku}: ${value} is not a value of ${names[i]}`);
      });
      if (v.originalPrice !== null && v.originalPrice < v.price) problems.push(`${v.sku}: original < price`);
    }
    const combos = variants.map((v) => `${v.slug}:${v.values.join('/')}`);
    expect(new Set(combos).size).toBe(combos.length);
    expect(problems).toEqual([]);
    // the seed names each variant's picture as this parser does
    expect(sql).toContain("'/images/products/' || v_product.slug || '--' || lower(v_row.sku) || '.webp'");
    // the e2e's "Notify me": a sold-out variant that is not made to order
    expect(variants.find((v) => v.sku === 'AARAV-MU-LR')).toMatchObject({ stock: 0 });
  });

  it('every seed product and variant has a WebP of at most 60 KB', () => {
    const problems: string[] = [];
    for (const name of pictures) {
      const file = resolve(productsDir, `${name}.webp`);
      if (!existsSync(file)) problems.push(`${name}: missing`);
      else if (statSync(file).size > MAX_BYTES) problems.push(`${name}: ${statSync(file).size} bytes`);
      else expect(readFileSync(file).subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
    expect(problems).toEqual([]);
  });

  it('every picture has its smaller copies (for srcset), each smaller than the 800 px one', () => {
    const problems: string[] = [];
    const files = [
      ...pictures.map((name) => [productsDir, `${name}.webp`]),
      ...[1, 2, 3].map((n) => [fallbackDir, `stock-${n}.webp`]),
    ];
    for (const [dir, name] of files) {
      const full = resolve(dir!, name!);
      for (const w of SMALL_WIDTHS) {
        const file = resolve(dir!, String(w), name!);
        if (!existsSync(file)) problems.push(`${w}/${name}: missing`);
        else if (existsSync(full) && statSync(file).size >= statSync(full).size)
          problems.push(`${w}/${name}: not smaller than the original`);
        else expect(readFileSync(file).subarray(8, 12).toString('latin1')).toBe('WEBP');
      }
    }
    expect(problems).toEqual([]);
  });

  it("every category's image is one of the rendered products", () => {
    const slugs = new Set(products.map((p) => p.slug));
    for (const s of categoryImageSlugs(sql)) {
      expect(existsSync(resolve(productsDir, `${s}.webp`)), s).toBe(true);
      expect(slugs.has(s), s).toBe(true);
    }
  });

  it('has three fallback stock photos', () => {
    for (const n of [1, 2, 3]) {
      const file = resolve(fallbackDir, `stock-${n}.webp`);
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size).toBeLessThanOrEqual(MAX_BYTES);
    }
  });
});
