import { describe, expect, it } from 'vitest';
import { discountPercent } from './discount.ts';

describe('discountPercent', () => {
  it.each([
    [7999, 9999, 20], // 20.002 → 20
    [15999, 24999, 36], // 36.0014 → 36
    [500, 1000, 50],
    [1, 3, 67], // 66.67 → 67
    [2, 3, 33], // 33.33 → 33
    [995, 1000, 1], // 0.5 → 1 (Math.round rounds half up)
    [996, 1000, 0], // 0.4 → 0
    [0, 1000, 100],
    [999.5, 1999, 50],
  ])('price ₹%d against ₹%d is %d%% off', (price, original, percent) => {
    expect(discountPercent(price, original)).toBe(percent);
  });

  it.each([
    ['no original price', 1000, null],
    ['undefined original price', 1000, undefined],
    ['an original equal to the price', 1000, 1000],
    ['an original below the price', 1000, 800],
    ['a zero original price', 0, 0],
    ['a negative original price', 100, -500],
    ['a negative price', -100, 500],
    ['a NaN original price', 100, Number.NaN],
    ['a NaN price', Number.NaN, 500],
    ['an infinite original price', 100, Number.POSITIVE_INFINITY],
  ])('is 0 for %s', (_label, price, original) => {
    expect(discountPercent(price, original)).toBe(0);
  });
});
