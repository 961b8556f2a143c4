import { describe, expect, it } from 'vitest';
import { hsnError, percent, taxRateErrors, toTaxRateRow } from '@/gst/tax-rate-rules';

const bamboo = {
  hsn_code: ' 94038200 ',
  description: 'Bamboo furniture',
  rate: '5',
  effective_from: '2025-09-22',
  notification: ' Notification 9/2025-Central Tax (Rate) ',
};

describe('taxRateErrors', () => {
  it('accepts a dated rate of a tariff item', () => {
    expect(taxRateErrors(bamboo)).toEqual({});
  });

  it('takes HSN codes of 4, 6 or 8 digits only', () => {
    expect(hsnError('9403')).toBeUndefined();
    expect(hsnError('940382')).toBeUndefined();
    expect(hsnError('94038200')).toBeUndefined();
    for (const bad of ['940', '94038', '9403820', '940382001', '94O3', ''])
      expect(hsnError(bad), bad).toMatch(/HSN/);
  });

  it('keeps the rate between 0 and 40 with at most two decimals', () => {
    expect(taxRateErrors({ ...bamboo, rate: 0 })).toEqual({});
    expect(taxRateErrors({ ...bamboo, rate: 40 })).toEqual({});
    expect(taxRateErrors({ ...bamboo, rate: '2.5' })).toEqual({});
    expect(taxRateErrors({ ...bamboo, rate: 0.07 })).toEqual({});
    for (const bad of [-1, 41, '', '12.345', 'abc', null])
      expect(taxRateErrors({ ...bamboo, rate: bad }).rate, String(bad)).toMatch(/0 to 40/);
  });

  it('requires a description and the date it applies from', () => {
    expect(Object.keys(taxRateErrors({ ...bamboo, description: ' ', effective_from: '' })).sort()).toEqual([
      'description',
      'effective_from',
    ]);
  });
});

describe('toTaxRateRow', () => {
  it('trims and sends the rate as a number; a blank notification is null', () => {
    expect(toTaxRateRow(bamboo)).toEqual({
      hsn_code: '94038200',
      description: 'Bamboo furniture',
      rate: 5,
      effective_from: '2025-09-22',
      notification: 'Notification 9/2025-Central Tax (Rate)',
    });
    expect(toTaxRateRow({ ...bamboo, notification: '' }).notification).toBeNull();
  });

  it('writes rates as percentages', () => {
    expect([percent(18), percent(2.5), percent(0)]).toEqual(['18%', '2.5%', '0%']);
  });
});
