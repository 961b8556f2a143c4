import { describe, expect, it } from 'vitest';
import { formatINR } from './format.ts';

describe('formatINR', () => {
  it.each([
    [0, '₹0'],
    [5, '₹5'],
    [99, '₹99'],
    [999, '₹999'],
    [2999, '₹2,999'],
    [12345, '₹12,345'],
    [123456, '₹1,23,456'],
    [1234567, '₹12,34,567'],
    [10000000, '₹1,00,00,000'],
    [1499.5, '₹1,499.50'],
    [0.5, '₹0.50'],
    [19.99, '₹19.99'],
    [1.005, '₹1.01'],
    [2998.999, '₹2,999'],
    [123456.78, '₹1,23,456.78'],
    [-500, '-₹500'],
    [-0, '₹0'],
    [-0.001, '₹0'],
  ])('formats %d as %s', (amount, text) => {
    expect(formatINR(amount)).toBe(text);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('rejects %d', (bad) => {
    expect(() => formatINR(bad)).toThrow(RangeError);
  });
});
