import { describe, expect, it } from 'vitest';
import {
  priceLabel,
  requiredCategory,
  requiredName,
  toList,
  toProductRow,
  toProductUpdate,
  truncate,
  validOriginalPrice,
  validPrice,
  validReturnWindow,
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
      is_active: true,
      featured: false,
      is_large: false,
      original_price: null,
      returnable: true,
      return_window_days: null,
    });
    expect(
      toProductRow({ name: 'x', specifications: { features: 'Soft\n Firm ', warranty: '1 year' } })
        .specifications,
    ).toEqual({ features: ['Soft', 'Firm'], warranty: '1 year' });
  });

  it('saves the GST and Legal Metrology declarations, trimmed; blanks keep the defaults or become null', () => {
    const row = toProductRow({
      name: 'Bamboo stool',
      hsn_code: ' 94038200 ',
      country_of_origin: ' Vietnam ',
      manufacturer: ' Hanoi Bamboo Co., 12 Tran Phu, Hanoi ',
      importer: 'FurniCraft Home Private Limited, 12 MG Road, Bengaluru 560001',
      net_quantity: '1 set (3 pieces)',
    });
    expect(row).toMatchObject({
      hsn_code: '94038200',
      country_of_origin: 'Vietnam',
      manufacturer: 'Hanoi Bamboo Co., 12 Tran Phu, Hanoi',
      importer: 'FurniCraft Home Private Limited, 12 MG Road, Bengaluru 560001',
      net_quantity: '1 set (3 pieces)',
    });
    const blank = toProductUpdate({ name: 'Stool', hsn_code: ' ', country_of_origin: '', manufacturer: ' ' });
    expect(blank).not.toHaveProperty('hsn_code');
    expect(blank).not.toHaveProperty('country_of_origin');
    expect(blank).not.toHaveProperty('net_quantity');
    expect(blank).toMatchObject({ manufacturer: null, importer: null });
  });

  it('saves the Active switch on add and edit: off takes the product off sale', () => {
    expect(toProductRow({ name: 'Stool', is_active: false }).is_active).toBe(false);
    expect(toProductUpdate({ name: 'Stool', is_active: false }).is_active).toBe(false);
    expect(toProductUpdate({ name: 'Stool', is_active: true }).is_active).toBe(true);
  });

  it('saves the large-item flag (two-person delivery) on add and edit', () => {
    expect(toProductRow({ name: 'Wardrobe', is_large: true }).is_large).toBe(true);
    expect(toProductUpdate({ name: 'Wardrobe', is_large: true }).is_large).toBe(true);
    expect(toProductUpdate({ name: 'Stool', is_large: null }).is_large).toBe(false);
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

  it('leaves price, original price and stock out of an edit: the variants own them', () => {
    const update = toProductUpdate({ name: 'Sofa', price: '10', original_price: '20', stock_quantity: '4' });
    expect(update).toMatchObject({ name: 'Sofa' });
    expect(update).not.toHaveProperty('price');
    expect(update).not.toHaveProperty('original_price');
    expect(update).not.toHaveProperty('stock_quantity');
  });

  it('checks an original price against the price on add', () => {
    expect(validOriginalPrice('', { price: 100 })).toBeUndefined();
    expect(validOriginalPrice(150, { price: '100' })).toBeUndefined();
    expect(validOriginalPrice(99, { price: 100 })).toBe('Original price must be at least the price');
    expect(validOriginalPrice(-1, { price: 100 })).toBe('Enter a valid original price, or leave it empty');
  });

  it('shows "from ₹x" when the variants differ in price', () => {
    expect(priceLabel({ price: 24999, price_max: 38999 })).toBe('from ₹24,999');
    expect(priceLabel({ price: 24999, price_max: 24999 })).toBe('₹24,999');
    expect(priceLabel({ price: 1499.5, price_max: null })).toBe('₹1,499.50');
  });

  it('keeps the return terms: not returnable, and a window of 1 to 365 days or blank (the store’s)', () => {
    expect(toProductUpdate({ name: 'Bed', returnable: false, return_window_days: '10' })).toMatchObject({
      returnable: false,
      return_window_days: 10,
    });
    expect(validReturnWindow('')).toBeUndefined();
    expect(validReturnWindow('45')).toBeUndefined();
    expect(validReturnWindow('0')).toMatch(/1 to 365/);
    expect(validReturnWindow('2.5')).toMatch(/1 to 365/);
  });
});
