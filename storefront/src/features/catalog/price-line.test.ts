import { describe, expect, it } from 'vitest';
import { mrp, priceLine } from '@/features/catalog/price-line';

describe("a product card's price line", () => {
  it('says "from" when the variants differ in price, with the cheapest one\'s original price', () => {
    expect(priceLine({ price: 24999, price_max: 38999, original_price: 38999 })).toEqual({
      from: true,
      price: '₹24,999',
      original: '₹38,999',
      discount: 36,
    });
  });

  it('shows one price when every variant costs the same (or price_max is unknown)', () => {
    expect(priceLine({ price: 2499, price_max: 2499, original_price: null })).toEqual({
      from: false,
      price: '₹2,499',
      original: null,
      discount: 0,
    });
    expect(priceLine({ price: 2499, price_max: null, original_price: 2499 }).from).toBe(false);
  });

  it('groups lakhs the Indian way and keeps paise', () => {
    const line = priceLine({ price: 124999.5, price_max: 250000, original_price: 150000 });
    expect(line.price).toBe('₹1,24,999.50');
    expect(line.original).toBe('₹1,50,000');
  });
});

describe('the MRP a product page declares', () => {
  it('is the struck original price when the product sells below it', () => {
    expect(mrp(24999, 38999)).toBe(38999);
  });
  it('is the price itself without a higher original price', () => {
    expect(mrp(2499, null)).toBe(2499);
    expect(mrp(2499, 2499)).toBe(2499);
    expect(mrp(2499, 1999)).toBe(2499);
  });
});
