import { describe, expect, it } from 'vitest';
import { assertAmount, roundMoney, toPaise } from './money.ts';

describe('roundMoney', () => {
  it.each([
    [0, 0],
    [2999, 2999],
    [1499.5, 1499.5],
    [0.1 + 0.2, 0.3],
    [1.005, 1.01],
    [2.675, 2.68],
    [10.075, 10.08],
    [1234.565, 1234.57],
    [1.004, 1],
    [0.004999, 0],
    [12345678.905, 12345678.91],
    [-1.005, -1.01],
    [-10.075, -10.08],
  ])('rounds %d to %d', (input, expected) => {
    expect(roundMoney(input)).toBe(expected);
  });

  it('never returns -0', () => {
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
    expect(Object.is(roundMoney(-0), 0)).toBe(true);
  });
});

describe('toPaise', () => {
  it.each([
    [0, 0],
    [1, 100],
    [2999, 299900],
    [1499.5, 149950],
    [19.99, 1999],
    [0.29, 29],
    [1.005, 101],
  ])('converts ₹%d to %d paise', (rupees, paise) => {
    expect(toPaise(rupees)).toBe(paise);
    expect(Number.isInteger(toPaise(rupees))).toBe(true);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('rejects %d', (bad) => {
    expect(() => toPaise(bad)).toThrow(RangeError);
  });
});

describe('assertAmount', () => {
  it('accepts zero and positive finite numbers', () => {
    expect(() => assertAmount(0, 'x')).not.toThrow();
    expect(() => assertAmount(12.5, 'x')).not.toThrow();
  });

  it.each([-0.01, Number.NaN, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY])(
    'rejects %d with the name in the message',
    (bad) => {
      expect(() => assertAmount(bad, 'subtotal')).toThrow(/subtotal/);
    },
  );

  it('rejects a value that is not a number at all', () => {
    expect(() => assertAmount('100' as unknown as number, 'subtotal')).toThrow(RangeError);
  });
});
