import { describe, expect, it } from 'vitest';
import {
  attributeCodeError,
  labelError,
  sameValues,
  slugError,
  swatchError,
  toValueRow,
  toggleValue,
  valueDraftErrors,
} from '@/attributes/attribute-rules';

describe('attributeCodeError', () => {
  it('takes a URL parameter name', () => {
    expect(attributeCodeError('material')).toBeUndefined();
    expect(attributeCodeError('seating_capacity')).toBeUndefined();
    expect(attributeCodeError(' Colour ')).toBeUndefined(); // the database lower-cases and trims
  });
  it('refuses blanks, bad characters and the listing’s own parameters', () => {
    expect(attributeCodeError('')).toMatch(/Give a code/);
    expect(attributeCodeError('1seat')).toMatch(/A letter/);
    expect(attributeCodeError('seat-count')).toMatch(/A letter/);
    expect(attributeCodeError('x'.repeat(31))).toMatch(/A letter/);
    expect(attributeCodeError('price_min')).toMatch(/listing/);
    expect(attributeCodeError('category')).toMatch(/listing/);
  });
});

describe('value fields', () => {
  it('checks names, slugs and colours as the database does', () => {
    expect(labelError('  ')).toBe('Required');
    expect(labelError('x'.repeat(61))).toMatch(/60/);
    expect(slugError('')).toBeUndefined();
    expect(slugError('sheesham-wood')).toBeUndefined();
    expect(slugError('Sheesham Wood')).toMatch(/hyphens/);
    expect(swatchError('#8B5A2B')).toBeUndefined();
    expect(swatchError('brown')).toMatch(/#rrggbb/);
  });
  it('builds the row, leaving a blank slug to the database', () => {
    expect(toValueRow({ value: ' Teak ', slug: '', position: '2', swatch_color: '' })).toEqual({
      value: 'Teak',
      slug: '',
      position: 2,
      swatch_color: null,
    });
    expect(valueDraftErrors({ value: '', slug: 'A B', position: 'x', swatch_color: 'red' })).toEqual({
      value: 'Required',
      slug: expect.stringMatching(/hyphens/),
      position: 'A whole number',
      swatch_color: expect.stringMatching(/#rrggbb/),
    });
  });
});

describe('the product’s filter values', () => {
  it('toggles a value and compares sets', () => {
    expect(toggleValue([3, 1], 2, true)).toEqual([1, 2, 3]);
    expect(toggleValue([1, 2, 3], 2, false)).toEqual([1, 3]);
    expect(sameValues([1, 2], [2, 1])).toBe(true);
    expect(sameValues([1, 2], [1])).toBe(false);
  });
});
