import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MAX_BYTES,
  SMALL_WIDTHS,
  categoryImageSlugs,
  fallbackDir,
  parseSeed,
  productsDir,
  seedPath,
} from './seed';

const sql = readFileSync(seedPath, 'utf8');
const products = parseSeed(sql);

describe('product images (committed output of tools/product-images)', () => {
  it('parses the seed products', () => {
    expect(products.length).toBeGreaterThanOrEqual(60);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    for (const p of products) expect(p.name && p.material && p.color).toBeTruthy();
  });

  it('every seed product has a WebP of at most 60 KB', () => {
    const problems: string[] = [];
    for (const p of products) {
      const file = resolve(productsDir, `${p.slug}.webp`);
      if (!existsSync(file)) problems.push(`${p.slug}: missing`);
      else if (statSync(file).size > MAX_BYTES) problems.push(`${p.slug}: ${statSync(file).size} bytes`);
      else expect(readFileSync(file).subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
    expect(problems).toEqual([]);
  });

  it('every picture has its smaller copies (for srcset), each smaller than the 800 px one', () => {
    const problems: string[] = [];
    const files = [
      ...products.map((p) => [productsDir, `${p.slug}.webp`]),
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
