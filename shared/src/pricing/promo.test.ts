import { describe, expect, it } from 'vitest';
import {
  INVALID_PROMO_MESSAGE,
  KNOWN_PROMOS,
  findPromo,
  normalizePromoCode,
  promoPreview,
  type Promo,
} from './promo.ts';

const SAVE10: Promo = { code: 'SAVE10', kind: 'percent', value: 10 };
const FLAT500: Promo = { code: 'FLAT500', kind: 'flat', value: 500 };

describe('promoPreview with SAVE10 (10% of the subtotal)', () => {
  it.each([
    [0, 0],
    [100, 10],
    [2999, 299.9],
    [4599, 459.9],
    [1234.55, 123.46], // 123.455 rounds half away from zero
    [99999, 9999.9],
  ])('takes ₹%d off a subtotal of ₹%d', (subtotal, discount) => {
    expect(promoPreview(subtotal, SAVE10)).toEqual({
      applied: true,
      discount,
      message: 'Promo code applied! 10% discount added.',
    });
  });
});

describe('promoPreview with FLAT500 (₹500 off, never below ₹0)', () => {
  it.each([
    [0, 0],
    [1, 1],
    [499.5, 499.5],
    [500, 500],
    [501, 500],
    [2999, 500],
    [100000, 500],
  ])('a subtotal of ₹%d gets ₹%d off', (subtotal, discount) => {
    expect(promoPreview(subtotal, FLAT500)).toEqual({
      applied: true,
      discount,
      message: 'Promo code applied! ₹500 discount added.',
    });
  });
});

describe('promoPreview with a minimum subtotal', () => {
  const BIG: Promo = { code: 'BIG1000', kind: 'flat', value: 1000, minSubtotal: 5000 };

  it('does not apply below the minimum and says why', () => {
    expect(promoPreview(4999.99, BIG)).toEqual({
      applied: false,
      discount: 0,
      reason: 'below-minimum',
      minSubtotal: 5000,
      message: 'Promo code BIG1000 needs a subtotal of at least ₹5,000.',
    });
  });

  it('applies at the minimum and above', () => {
    expect(promoPreview(5000, BIG)).toMatchObject({ applied: true, discount: 1000 });
    expect(promoPreview(8000, BIG)).toMatchObject({ applied: true, discount: 1000 });
  });

  it('formats fractional percent codes in the message', () => {
    expect(promoPreview(1000, { code: 'HALF', kind: 'percent', value: 12.5 })).toEqual({
      applied: true,
      discount: 125,
      message: 'Promo code applied! 12.5% discount added.',
    });
  });

  it('allows 100% off, which makes the goods free', () => {
    expect(promoPreview(2500, { code: 'ALL', kind: 'percent', value: 100 })).toMatchObject({
      discount: 2500,
    });
  });
});

describe('promoPreview input checks', () => {
  it.each([-1, Number.NaN])('rejects subtotal %d', (bad) => {
    expect(() => promoPreview(bad, SAVE10)).toThrow(RangeError);
  });

  it.each<[string, Promo]>([
    ['a percent over 100', { code: 'X', kind: 'percent', value: 101 }],
    ['a negative value', { code: 'X', kind: 'flat', value: -5 }],
    ['a NaN value', { code: 'X', kind: 'flat', value: Number.NaN }],
    ['a negative minimum', { code: 'X', kind: 'flat', value: 5, minSubtotal: -1 }],
    ['an unknown kind', { code: 'X', kind: 'bogus' as Promo['kind'], value: 5 }],
  ])('rejects a promo with %s', (_label, promo) => {
    expect(() => promoPreview(1000, promo)).toThrow(RangeError);
  });
});

describe('findPromo and the known codes', () => {
  it('knows exactly the spec codes SAVE10 and FLAT500', () => {
    expect(KNOWN_PROMOS).toEqual([SAVE10, FLAT500]);
  });

  it.each([
    ['SAVE10', SAVE10],
    ['save10', SAVE10],
    ['  Flat500 ', FLAT500],
  ])('finds %j', (code, promo) => {
    expect(findPromo(code)).toEqual(promo);
  });

  it.each(['', '   ', 'SAVE20', 'SAVE 10', 'FLAT5000'])('finds nothing for %j', (code) => {
    expect(findPromo(code)).toBeUndefined();
  });

  it('searches a given list instead of the known codes', () => {
    const list: Promo[] = [{ code: 'Diwali', kind: 'percent', value: 15 }];
    expect(findPromo('DIWALI', list)).toBe(list[0]);
    expect(findPromo('SAVE10', list)).toBeUndefined();
  });

  it('normalises codes by trimming and upper-casing', () => {
    expect(normalizePromoCode('  save10\n')).toBe('SAVE10');
  });

  it('has the spec message for an unknown code', () => {
    expect(INVALID_PROMO_MESSAGE).toBe('Invalid promo code.');
  });
});
