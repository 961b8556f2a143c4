import { describe, expect, it } from 'vitest';
import { orderSummary } from './order-summary.ts';
import type { Promo } from './promo.ts';

const SAVE10: Promo = { code: 'SAVE10', kind: 'percent', value: 10 };
const FLAT500: Promo = { code: 'FLAT500', kind: 'flat', value: 500 };

describe('orderSummary: total = subtotal + delivery fee − discount', () => {
  it.each<[number, Promo | undefined, { deliveryFee: number; discount: number; total: number }]>([
    [0, undefined, { deliveryFee: 99, discount: 0, total: 99 }],
    [1500, undefined, { deliveryFee: 99, discount: 0, total: 1599 }],
    [2999, undefined, { deliveryFee: 0, discount: 0, total: 2999 }],
    [1500, SAVE10, { deliveryFee: 99, discount: 150, total: 1449 }],
    [2999, SAVE10, { deliveryFee: 0, discount: 299.9, total: 2699.1 }],
    [3200, FLAT500, { deliveryFee: 0, discount: 500, total: 2700 }],
    [400, FLAT500, { deliveryFee: 99, discount: 400, total: 99 }],
    [1499.45, SAVE10, { deliveryFee: 99, discount: 149.95, total: 1448.5 }],
  ])('subtotal ₹%d with %o', (subtotal, promo, expected) => {
    expect(orderSummary(subtotal, promo)).toEqual({ subtotal, ...expected });
  });

  it('decides the fee before the discount, so a promo never makes delivery chargeable', () => {
    const summary = orderSummary(3100, FLAT500);
    expect(summary.deliveryFee).toBe(0);
    expect(summary.total).toBe(2600);
  });

  it('does not apply a promo below its minimum', () => {
    const promo: Promo = { code: 'MIN', kind: 'flat', value: 300, minSubtotal: 2000 };
    expect(orderSummary(1000, promo)).toEqual({ subtotal: 1000, deliveryFee: 99, discount: 0, total: 1099 });
  });

  it('rounds a float-noisy subtotal to paise', () => {
    expect(orderSummary(0.1 + 0.2)).toEqual({ subtotal: 0.3, deliveryFee: 99, discount: 0, total: 99.3 });
  });

  it('rejects a negative subtotal', () => {
    expect(() => orderSummary(-1)).toThrow(RangeError);
  });

  it('takes a discount the database previewed (preview_promo), capped at the subtotal', () => {
    expect(orderSummary(3000, { discount: 450 })).toEqual({
      subtotal: 3000,
      deliveryFee: 0,
      discount: 450,
      total: 2550,
    });
    expect(orderSummary(400, { discount: 500 })).toEqual({
      subtotal: 400,
      deliveryFee: 99,
      discount: 400,
      total: 99,
    });
    expect(orderSummary(1000, { discount: 0.1 + 0.2 }).discount).toBe(0.3);
    expect(() => orderSummary(1000, { discount: -5 })).toThrow(RangeError);
  });

  it("takes the fee check_delivery quoted for the pincode's zone instead of the default rule", () => {
    expect(orderSummary(5000, undefined, 149)).toEqual({
      subtotal: 5000,
      deliveryFee: 149,
      discount: 0,
      total: 5149,
    });
    expect(orderSummary(1000, { discount: 100 }, 0)).toEqual({
      subtotal: 1000,
      deliveryFee: 0,
      discount: 100,
      total: 900,
    });
    expect(() => orderSummary(1000, undefined, -1)).toThrow(RangeError);
  });
});
