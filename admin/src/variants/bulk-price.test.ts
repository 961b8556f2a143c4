import { describe, expect, it } from 'vitest';
import { bulkPriceChanges, type PricedVariant } from '@/variants/bulk-price';

const teal: PricedVariant = { id: 1, sku: 'SOFA-TEAL', price: 24999, original_price: 38999 };
const grey: PricedVariant = { id: 2, sku: 'SOFA-GREY', price: 19999.5, original_price: null };
const tight: PricedVariant = { id: 3, sku: 'SOFA-RUST', price: 1000, original_price: 1050 };

describe('bulkPriceChanges', () => {
  it('sets one price on every selected variant, keeping their original prices', () => {
    expect(bulkPriceChanges([teal, grey], { mode: 'set', amount: 21999, withOriginal: false })).toEqual({
      changes: [
        { id: 1, price: 21999, original_price: 38999 },
        { id: 2, price: 21999, original_price: null },
      ],
      problems: [],
    });
  });

  it('changes prices by a percentage, rounded to paise as numeric(10,2)', () => {
    const { changes } = bulkPriceChanges([teal, grey], { mode: 'percent', amount: -10, withOriginal: false });
    expect(changes).toEqual([
      { id: 1, price: 22499.1, original_price: 38999 },
      { id: 2, price: 17999.55, original_price: null },
    ]);
    // 19999.5 × 1.0333 = 20665.483…
    expect(
      bulkPriceChanges([grey], { mode: 'percent', amount: 3.33, withOriginal: false }).changes[0]?.price,
    ).toBe(20665.48);
  });

  it('reports, by SKU, a rise above the original price instead of sending what the database refuses', () => {
    const result = bulkPriceChanges([teal, tight], { mode: 'percent', amount: 10, withOriginal: false });
    expect(result.changes).toEqual([{ id: 1, price: 27498.9, original_price: 38999 }]);
    expect(result.problems).toEqual([
      'SOFA-RUST: the new price 1100 would be above its original price 1050; clear or raise the original price.',
    ]);
  });

  it('moves the original price along when asked', () => {
    expect(bulkPriceChanges([tight], { mode: 'percent', amount: 10, withOriginal: true }).changes).toEqual([
      { id: 3, price: 1100, original_price: 1155 },
    ]);
    // 'set' keeps each original price; one below the new price is a problem
    expect(
      bulkPriceChanges([tight], { mode: 'set', amount: 2000, withOriginal: true }).problems,
    ).toHaveLength(1);
  });

  it('refuses amounts that make no price, and leaves unchanged variants out', () => {
    expect(bulkPriceChanges([teal], { mode: 'set', amount: 0, withOriginal: false }).problems).toEqual([
      'The price must be more than ₹0.',
    ]);
    expect(bulkPriceChanges([teal], { mode: 'percent', amount: -100, withOriginal: false }).changes).toEqual(
      [],
    );
    expect(
      bulkPriceChanges([teal], { mode: 'percent', amount: Number.NaN, withOriginal: false }).problems,
    ).toEqual(['Enter a number.']);
    expect(bulkPriceChanges([teal], { mode: 'set', amount: 24999, withOriginal: false })).toEqual({
      changes: [],
      problems: [],
    });
    expect(
      bulkPriceChanges([{ ...grey, price: 0.01 }], { mode: 'percent', amount: -90, withOriginal: false })
        .problems,
    ).toEqual(['SOFA-GREY: the price would be ₹0.']);
  });
});
