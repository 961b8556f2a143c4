import { describe, expect, it } from 'vitest';
import { neutralizeCsvText, neutralizeCsvValue } from './formula-injection.ts';

describe('neutralizeCsvText', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","Click")', `'=HYPERLINK("http://evil.example","Click")`],
    ['+91 98450 12345', `'+91 98450 12345`],
    ['-2+3+cmd|" /C calc"!A0', `'-2+3+cmd|" /C calc"!A0`],
    ['@SUM(A1:A9)', `'@SUM(A1:A9)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
  ])('prefixes %j with a single quote', (input, output) => {
    expect(neutralizeCsvText(input)).toBe(output);
  });

  it.each([
    'Asha Rao',
    'ORD2611241234567890',
    '14, 3rd Cross',
    "'already quoted",
    '',
    ' =leading space',
    'a=b',
  ])('leaves %j as it is', (input) => {
    expect(neutralizeCsvText(input)).toBe(input);
  });
});

describe('neutralizeCsvValue', () => {
  it('neutralises every string in a record, nested ones included, and keeps numbers as numbers', () => {
    const date = new Date('2026-11-24T10:00:00Z');
    expect(
      neutralizeCsvValue({
        total: -500,
        stock: 0,
        price: 1499.5,
        paid: true,
        note: null,
        at: date,
        name: '=cmd',
        shipping_address: { fullName: '@evil', city: 'Pune' },
        tags: ['+x', 'ok'],
      }),
    ).toEqual({
      total: -500,
      stock: 0,
      price: 1499.5,
      paid: true,
      note: null,
      at: date,
      name: "'=cmd",
      shipping_address: { fullName: "'@evil", city: 'Pune' },
      tags: ["'+x", 'ok'],
    });
  });
});
