import { describe, expect, it } from 'vitest';
import type { BulkPriceResult } from '@/lib/database';
import { applyPriceLabel, changeText, parsePercent, productsNoun } from '@/products/product-bulk-price';

const change = (
  over: Partial<BulkPriceResult['changes'][number]> = {},
): BulkPriceResult['changes'][number] => ({
  variant_id: 1,
  product_id: 1,
  product_name: 'Teak bench',
  sku: 'TB-1',
  title: 'Default',
  price: 24999,
  new_price: 27499,
  original_price: 38999,
  new_original_price: 38999,
  ...over,
});

describe('parsePercent', () => {
  it('reads whole and decimal percentages, signs, a typographic minus and a trailing %', () => {
    expect(parsePercent('10')).toEqual({ percent: 10 });
    expect(parsePercent(' +7.5 ')).toEqual({ percent: 7.5 });
    expect(parsePercent('\u221215')).toEqual({ percent: -15 });
    expect(parsePercent('-12.25%')).toEqual({ percent: -12.25 });
  });
  it('refuses what admin_bulk_price refuses: 0, −100 or less, above 1000, and anything not a number', () => {
    for (const text of ['0', '-100', '-150', '1001', '', 'ten', '1e3', '5.125'])
      expect(parsePercent(text), text).toHaveProperty('error');
    expect(parsePercent('1000')).toEqual({ percent: 1000 });
    expect(parsePercent('-99.99')).toEqual({ percent: -99.99 });
  });
});

describe('preview text', () => {
  it('shows old → new price in rupees with Indian grouping, and the MRP when it moves too', () => {
    expect(changeText(change())).toBe('₹24,999 → ₹27,499');
    expect(changeText(change({ new_original_price: 42899 }))).toBe(
      '₹24,999 → ₹27,499 (MRP ₹38,999 → ₹42,899)',
    );
    expect(
      changeText(
        change({ price: 125000, new_price: 112500, original_price: null, new_original_price: null }),
      ),
    ).toBe('₹1,25,000 → ₹1,12,500');
  });
  it('labels Apply by what it changes, and says when it cannot', () => {
    const base: BulkPriceResult = {
      applied: false,
      unchanged: 0,
      changes: [change(), change({ variant_id: 2 })],
      refused: [],
    };
    expect(applyPriceLabel(base)).toBe('Apply to 2 variants');
    expect(applyPriceLabel({ ...base, changes: [change()] })).toBe('Apply to 1 variant');
    expect(applyPriceLabel({ ...base, changes: [] })).toBe('Nothing to change');
    expect(
      applyPriceLabel({
        ...base,
        refused: [{ variant_id: 3, product_id: 1, product_name: 'x', sku: 'S', message: 'm' }],
      }),
    ).toBe('Cannot apply');
    expect(productsNoun(1)).toBe('Product');
    expect(productsNoun(1200)).toBe('1,200 products');
  });
});
