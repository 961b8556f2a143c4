import { describe, expect, it } from 'vitest';
import {
  requiredCategory,
  requiredName,
  toList,
  toProductRow,
  truncate,
  validPrice,
} from '@/products/product-row';

describe('product form rules', () => {
  it('cuts descriptions to 30 characters', () => {
    expect(truncate('A'.repeat(31))).toBe(`${'A'.repeat(30)}...`);
    expect(truncate('Short')).toBe('Short');
    expect(truncate(null)).toBe('');
  });

  it('trims list entries and drops blanks', () => {
    expect(toList(' a \n\n  b\n ')).toEqual(['a', 'b']);
    expect(toList([' x ', ''])).toEqual(['x']);
    expect(toList(null)).toEqual([]);
  });

  it('saves blank optional fields, empty lists and empty specifications as null', () => {
    const row = toProductRow({
      name: '  Sofa ',
      price: '1299.5',
      category_id: '3',
      description: '  ',
      images: '\n',
      specifications: { features: ' \n', warranty: '' },
    });
    expect(row).toMatchObject({
      name: 'Sofa',
      price: 1299.5,
      category_id: 3,
      description: null,
      images: null,
      specifications: null,
      stock_quantity: 0,
      in_stock: true,
      featured: false,
      original_price: null,
    });
    expect(
      toProductRow({ name: 'x', specifications: { features: 'Soft\n Firm ', warranty: '1 year' } })
        .specifications,
    ).toEqual({ features: ['Soft', 'Firm'], warranty: '1 year' });
  });

  it('checks name, price and category with the spec messages', () => {
    expect(requiredName(' ')).toBe('Product name is required');
    expect(requiredName('Sofa')).toBeUndefined();
    expect(validPrice('')).toBe('Valid price is required');
    expect(validPrice(0)).toBe('Valid price is required');
    expect(validPrice('12.5')).toBeUndefined();
    expect(requiredCategory(null)).toBe('Category is required');
    expect(requiredCategory(2)).toBeUndefined();
  });
});
