import { describe, expect, it } from 'vitest';
import { DELIVERY_FEE, FREE_DELIVERY_THRESHOLD, deliveryFee, freeDeliveryHint } from './delivery.ts';

describe('delivery constants', () => {
  it('are the cart rule of the spec: free from ₹2,999, else ₹99', () => {
    expect(FREE_DELIVERY_THRESHOLD).toBe(2999);
    expect(DELIVERY_FEE).toBe(99);
  });
});

describe('deliveryFee', () => {
  it.each([
    [0, 99],
    [1, 99],
    [999, 99],
    [1000, 99],
    [2998, 99],
    [2998.99, 99],
    [2999, 0],
    [2999.01, 0],
    [3000, 0],
    [150000, 0],
  ])('subtotal ₹%d pays ₹%d', (subtotal, fee) => {
    expect(deliveryFee(subtotal)).toBe(fee);
  });

  it('treats float noise just below the threshold as the rounded amount', () => {
    // 2998.9999999999995 is what summing some prices gives; to the paise it is ₹2,999.
    expect(deliveryFee(2998.9999999999995)).toBe(0);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('rejects subtotal %d', (bad) => {
    expect(() => deliveryFee(bad)).toThrow(RangeError);
  });
});

describe('freeDeliveryHint', () => {
  it.each([
    [0, 2999],
    [1, 2998],
    [999, 2000],
    [2000.5, 998.5],
    [2998.99, 0.01],
    [2999, 0],
    [5000, 0],
  ])('subtotal ₹%d needs ₹%d more', (subtotal, remaining) => {
    expect(freeDeliveryHint(subtotal)).toBe(remaining);
  });

  it('is 0 exactly when delivery is free', () => {
    for (const subtotal of [0, 500, 2998, 2998.99, 2999, 2999.01, 4000]) {
      expect(freeDeliveryHint(subtotal) === 0).toBe(deliveryFee(subtotal) === 0);
    }
  });

  it('rejects a negative subtotal', () => {
    expect(() => freeDeliveryHint(-5)).toThrow(RangeError);
  });
});
