import { describe, expect, it } from 'vitest';
import type { ProductExportRow } from 'shared/catalog/product-csv';
import {
  describeChange,
  productImportCounts,
  productsCsv,
  readProductsFile,
} from '@/products/product-csv-rules';

const row: ProductExportRow = {
  product_slug: 'aarav-sofa',
  product_name: 'Aarav Sofa, 3-seater',
  category: 'sofas',
  description: 'Line one\n"Quoted", and =1+1 inside',
  material: '=cmd|" /C calc"!A0',
  color: '@Grey',
  featured: false,
  sku: 'AAR-GL',
  options: 'Fabric: Grey linen',
  price: 24999.5,
  mrp: 38999,
  stock: 4,
  active: true,
};

describe('productsCsv', () => {
  const text = productsCsv([row]);

  it('starts with a BOM and the header, CRLF lines, formula cells quoted', () => {
    expect(
      text.startsWith('\uFEFFproduct_slug,product_name,category,description,material,color,featured,sku,'),
    ).toBe(true);
    expect(text).toContain('\r\naarav-sofa,"Aarav Sofa, 3-seater",sofas,');
    expect(text).toContain(`'=cmd|`);
    expect(text).toContain(`,'@Grey,no,AAR-GL,Fabric: Grey linen,24999.5,38999,4,yes`);
  });

  it('reads back as the values exported', () => {
    expect(readProductsFile(text).rows).toEqual([
      {
        product_slug: 'aarav-sofa',
        product_name: 'Aarav Sofa, 3-seater',
        category: 'sofas',
        description: 'Line one\n"Quoted", and =1+1 inside',
        material: '=cmd|" /C calc"!A0',
        color: '@Grey',
        featured: 'no',
        sku: 'AAR-GL',
        options: 'Fabric: Grey linen',
        price: '24999.5',
        mrp: '38999',
        stock: '4',
        active: 'yes',
      },
    ]);
  });
});

describe('readProductsFile', () => {
  it('says where a broken quote is', () => {
    expect(readProductsFile('product_slug,product_name,category,sku,price\r\na,"B,c,S,1').problem).toMatch(
      /could not be read at row/,
    );
  });

  it('skips blank lines, so row numbers are the database’s', () => {
    const read = readProductsFile(
      '\uFEFFproduct_slug,product_name,category,sku,price\r\n\r\na,B,c,S1,1\r\n,,,,\r\nd,E,c,S2,"1,25,000"\r\n',
    );
    expect(read.rows.map((r) => [r.sku, r.price])).toEqual([
      ['S1', '1'],
      ['S2', '125000'],
    ]);
  });
});

describe('the preview', () => {
  it('says each change in words', () => {
    const base = { row: 1, product_slug: 'aarav-sofa', sku: 'AAR-GL' };
    expect(
      describeChange({ ...base, kind: 'product_created', field: 'product', from: null, to: 'Aarav Sofa' }),
    ).toBe('New product: Aarav Sofa');
    expect(
      describeChange({ ...base, kind: 'variant_created', field: 'variant', from: null, to: 'Default' }),
    ).toBe('New variant: Default');
    expect(
      describeChange({ ...base, kind: 'variant_updated', field: 'price', from: '9999.00', to: '8499' }),
    ).toBe('Price: 9999.00 → 8499');
    expect(describeChange({ ...base, kind: 'variant_updated', field: 'mrp', from: null, to: '9999' })).toBe(
      'MRP: none → 9999',
    );
    expect(
      describeChange({ ...base, kind: 'product_updated', field: 'description', from: 'Old', to: '' }),
    ).toBe('Description: Old → none');
  });

  it('counts rows, products and variants', () => {
    const counts = productImportCounts({
      applied: false,
      dry_run: true,
      total: 11,
      changed: 21,
      unchanged: 0,
      refused: 0,
      products_created: 10,
      products_updated: 0,
      variants_created: 11,
      variants_updated: 0,
      changes: [],
      errors: [],
    });
    expect(counts.find((c) => c.label === 'New products')?.value).toBe(10);
    expect(counts.find((c) => c.label === 'New variants')?.value).toBe(11);
  });
});
