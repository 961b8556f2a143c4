import { describe, expect, it } from 'vitest';
import type { Tables } from '../types/database.ts';
import { rateFor, rateRowFor, type TaxRateRow } from './rates.ts';

// The seed of public.tax_rates (migration 20261126100000_create_gst; docs/gst.md cites each row).
const rates: TaxRateRow[] = [
  { hsn_code: '9401', rate: 28, effective_from: '2017-07-01' },
  { hsn_code: '9401', rate: 18, effective_from: '2017-11-15' },
  { hsn_code: '9401', rate: 18, effective_from: '2025-09-22' },
  { hsn_code: '9403', rate: 28, effective_from: '2017-07-01' },
  { hsn_code: '9403', rate: 18, effective_from: '2017-11-15' },
  { hsn_code: '9403', rate: 18, effective_from: '2025-09-22' },
  { hsn_code: '9404', rate: 28, effective_from: '2017-07-01' },
  { hsn_code: '9404', rate: 18, effective_from: '2017-11-15' },
  { hsn_code: '9404', rate: 18, effective_from: '2025-09-22' },
  { hsn_code: '940382', rate: 18, effective_from: '2017-07-01' },
  { hsn_code: '940382', rate: 12, effective_from: '2017-11-15' },
  { hsn_code: '940382', rate: 5, effective_from: '2025-09-22' },
];

describe('rateFor', () => {
  it('applies the 15 November 2017 change of furniture from 28% to 18%', () => {
    expect(rateFor('9403', rates, '2017-07-01')).toBe(28);
    expect(rateFor('9403', rates, '2017-11-14')).toBe(28);
    expect(rateFor('9403', rates, '2017-11-15')).toBe(18);
    expect(rateFor('94036000', rates, '2026-11-25')).toBe(18);
    expect(rateFor('940161', rates, '2017-10-01')).toBe(28);
  });

  it('takes the longest matching HSN prefix: bamboo furniture (an 8-digit product under a 6-digit row) at 5% from 22 September 2025', () => {
    expect(rateFor('94038200', rates, '2017-11-14')).toBe(18); // not 9403's 28%
    expect(rateFor('94038200', rates, '2025-09-21')).toBe(12);
    expect(rateFor('94038200', rates, '2025-09-22')).toBe(5);
    expect(rateFor('94038200', rates, '2026-04-01')).toBe(5);
    // a sibling sub-heading is not covered by the bamboo row
    expect(rateFor('94038300', rates, '2026-04-01')).toBe(18);
  });

  it('falls back to a shorter prefix before the longer code is in force', () => {
    const later = [...rates, { hsn_code: '94042100', rate: 5, effective_from: '2030-01-01' }];
    expect(rateFor('94042100', later, '2029-12-31')).toBe(18);
    expect(rateFor('94042100', later, '2030-01-01')).toBe(5);
  });

  it('does not match a code that only shares the first digits', () => {
    expect(rateFor('9402', rates, '2026-01-01')).toBeNull();
    expect(rateFor('940', rates, '2026-01-01')).toBeNull();
  });

  it('is null before any row is in force', () => {
    expect(rateFor('9403', rates, '2017-06-30')).toBeNull();
  });

  it('returns the deciding row (its notification can be shown)', () => {
    const rows = rates.map((r, i) => ({ ...r, id: i }));
    expect(rateRowFor('94038200', rows, '2025-10-01')?.id).toBe(11);
  });

  it('takes rows of the generated tax_rates type as they are', () => {
    const row: Tables<'tax_rates'> = {
      id: 1,
      hsn_code: '9403',
      description: 'Other furniture',
      rate: 18,
      effective_from: '2017-11-15',
      notification: null,
      created_at: '2026-11-26T00:00:00Z',
    };
    expect(rateRowFor('94036000', [row], '2026-01-01')).toBe(row);
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(() => rateFor('9403', rates, '25/11/2026')).toThrow(RangeError);
  });
});
