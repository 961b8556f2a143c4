import { describe, expect, it } from 'vitest';
import {
  PRODUCT_CSV_COLUMNS,
  parseCount,
  parseFlag,
  parseRupees,
  productCsvRecord,
  readProductCsv,
  unquoteCsvText,
  type ProductExportRow,
} from './product-csv.ts';

describe('parseRupees', () => {
  it.each([
    ['12999', '12999'],
    ['12999.00', '12999'],
    ['12999.5', '12999.5'],
    ['12999.50', '12999.5'],
    ['12999.05', '12999.05'],
    ['12,999', '12999'],
    ['1,25,000', '125000'],
    ['1,25,000.00', '125000'],
    ['12,34,56,789', '123456789'],
    ['1,250,000', '1250000'],
    ['₹12,999', '12999'],
    ['₹ 1,25,000', '125000'],
    ['Rs. 4,999', '4999'],
    ['rs 4999', '4999'],
    ['INR 4999', '4999'],
    [' 0499 ', '499'],
  ])('reads %j as %j', (cell, amount) => {
    expect(parseRupees(cell)).toBe(amount);
  });

  it.each(['', '-500', '₹-500', 'abc', '12,99', '1,2,5000', '12999.999', '12.999,00', '1e5', '₹'])(
    'refuses %j (the database says why)',
    (cell) => {
      expect(parseRupees(cell)).toBeNull();
    },
  );
});

describe('parseCount', () => {
  it.each([
    ['0', '0'],
    ['12', '12'],
    ['1,200', '1200'],
    ['1,00,000', '100000'],
  ])('reads %j as %j', (cell, count) => {
    expect(parseCount(cell)).toBe(count);
  });

  it.each(['', '-3', '2.5', 'ten', '₹5'])('refuses %j', (cell) => {
    expect(parseCount(cell)).toBeNull();
  });
});

describe('parseFlag', () => {
  it.each([
    ['Yes', 'yes'],
    ['TRUE', 'yes'],
    ['1', 'yes'],
    ['y', 'yes'],
    ['No', 'no'],
    ['false', 'no'],
    ['0', 'no'],
    ['', ''],
    ['maybe', 'maybe'],
  ])('reads %j as %j', (cell, flag) => {
    expect(parseFlag(cell)).toBe(flag);
  });
});

describe('unquoteCsvText', () => {
  it('takes off the quote the export put before a formula character, and only that', () => {
    expect(unquoteCsvText(`'=SUM(A1:A9)`)).toBe('=SUM(A1:A9)');
    expect(unquoteCsvText(`'-Teak`)).toBe('-Teak');
    expect(unquoteCsvText(`'@home`)).toBe('@home');
    expect(unquoteCsvText(`'tis the season`)).toBe(`'tis the season`);
    expect(unquoteCsvText('Teak')).toBe('Teak');
  });
});

const sofa: ProductExportRow = {
  product_slug: 'aarav-sofa',
  product_name: 'Aarav Sofa',
  category: 'sofas',
  description: '=HYPERLINK("http://evil.example","Click")',
  material: '-Teak',
  color: null,
  featured: true,
  sku: 'AAR-GL',
  options: 'Fabric: Grey linen; Size: 3-seater',
  price: 125000,
  mrp: null,
  stock: 0,
  active: false,
};

describe('productCsvRecord', () => {
  it('writes the columns in order: plain amounts, yes/no, empty for null', () => {
    expect(productCsvRecord(sofa)).toEqual([
      'aarav-sofa',
      'Aarav Sofa',
      'sofas',
      `'=HYPERLINK("http://evil.example","Click")`,
      `'-Teak`,
      '',
      'yes',
      'AAR-GL',
      'Fabric: Grey linen; Size: 3-seater',
      '125000',
      '',
      '0',
      'no',
    ]);
  });

  it('neutralises every text cell that starts with = + - @ tab or CR', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const cells = productCsvRecord({
        ...sofa,
        product_name: `${start}1+1`,
        options: `${start}x`,
        sku: `${start}S`,
      });
      expect(cells[1]).toBe(`'${start}1+1`);
      expect(cells[7]).toBe(`'${start}S`);
      expect(cells[8]).toBe(`'${start}x`);
    }
  });

  it('reads back as the same values', () => {
    const read = readProductCsv([[...PRODUCT_CSV_COLUMNS], productCsvRecord(sofa)]);
    expect(read).toEqual({
      problem: null,
      rows: [
        {
          product_slug: 'aarav-sofa',
          product_name: 'Aarav Sofa',
          category: 'sofas',
          description: '=HYPERLINK("http://evil.example","Click")',
          material: '-Teak',
          color: '',
          featured: 'yes',
          sku: 'AAR-GL',
          options: 'Fabric: Grey linen; Size: 3-seater',
          price: '125000',
          mrp: '',
          stock: '0',
          active: 'no',
        },
      ],
    });
  });
});

describe('readProductCsv', () => {
  it('takes the header in any case, order and spacing, after a BOM, and normalises amounts and flags', () => {
    const read = readProductCsv([
      ['\uFEFFSKU', ' Product Name ', 'PRODUCT_SLUG', 'category', 'Price', 'MRP', 'stock', 'Active', 'notes'],
      ['CH-1', 'Chair', 'chair', 'chairs', '₹12,999', '1,25,000', '1,200', 'TRUE', 'ignored'],
      ['CH-2', 'Chair', 'chair', 'chairs', '-5', 'abc', '-1', 'maybe', ''],
    ]);
    expect(read).toEqual({
      problem: null,
      rows: [
        {
          sku: 'CH-1',
          product_name: 'Chair',
          product_slug: 'chair',
          category: 'chairs',
          price: '12999',
          mrp: '125000',
          stock: '1200',
          active: 'yes',
        },
        // what cannot be read is sent as typed: the database names the error
        {
          sku: 'CH-2',
          product_name: 'Chair',
          product_slug: 'chair',
          category: 'chairs',
          price: '-5',
          mrp: 'abc',
          stock: '-1',
          active: 'maybe',
        },
      ],
    });
  });

  it('says what is wrong with the file itself', () => {
    expect(readProductCsv([]).problem).toMatch(/empty/);
    expect(readProductCsv([['product_slug', 'sku']]).problem).toBe(
      'The first line must name the columns product_slug, product_name, category, sku, price (missing: product_name, category, price).',
    );
    expect(readProductCsv([['product_slug', 'product_name', 'category', 'sku', 'price']]).problem).toBe(
      'The file has a header but no rows.',
    );
    const many = Array.from({ length: 5001 }, () => ['s', 'n', 'c', 'k', '1']);
    expect(
      readProductCsv([['product_slug', 'product_name', 'category', 'sku', 'price'], ...many]).problem,
    ).toBe('The file has 5,001 rows; at most 5,000 at a time.');
  });
});
