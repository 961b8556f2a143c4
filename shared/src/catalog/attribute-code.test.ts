import { describe, expect, it } from 'vitest';
import { isAttributeCode } from './attribute-code.ts';

describe('isAttributeCode', () => {
  it('takes a letter, then letters, digits or _ up to 30', () => {
    expect(isAttributeCode('material')).toBe(true);
    expect(isAttributeCode('seating_capacity')).toBe(true);
    expect(isAttributeCode('a'.repeat(30))).toBe(true);
    for (const bad of ['', '1seat', 'Material', 'seat-cap', 'a'.repeat(31)])
      expect(isAttributeCode(bad)).toBe(false);
  });
  it('refuses the listing’s own parameters', () => {
    for (const own of [
      'q',
      'category',
      'sort',
      'price',
      'price_min',
      'price_max',
      'rating',
      'stock',
      'page',
      'max',
    ])
      expect(isAttributeCode(own)).toBe(false);
  });
});
