import { describe, expect, it } from 'vitest';
import { percentText, taxRows } from '@/lib/tax-lines';

const eighteen = {
  rate: 18,
  taxableValue: 21185.59,
  cgst: 1906.71,
  sgst: 1906.7,
  utgst: 0,
  igst: 0,
  tax: 3813.41,
};

describe('taxRows', () => {
  it('splits each rate into CGST and SGST at half the rate within the state', () => {
    expect(taxRows([eighteen], 'cgst_sgst')).toEqual([
      {
        rate: 18,
        label: 'GST 18%',
        tax: 3813.41,
        parts: [
          { label: 'CGST 9%', amount: 1906.71 },
          { label: 'SGST 9%', amount: 1906.7 },
        ],
      },
    ]);
  });

  it('names IGST at the full rate across states, UTGST in a union territory, nothing before the state is known', () => {
    const igst = { ...eighteen, cgst: 0, sgst: 0, igst: 3813.41 };
    expect(taxRows([igst], 'igst')[0]!.parts).toEqual([{ label: 'IGST 18%', amount: 3813.41 }]);
    const ut = { ...eighteen, sgst: 0, utgst: 1906.7 };
    expect(taxRows([ut], 'cgst_utgst')[0]!.parts.map((p) => p.label)).toEqual(['CGST 9%', 'UTGST 9%']);
    expect(taxRows([eighteen], null)[0]!.parts).toEqual([]);
  });
});

describe('percentText', () => {
  it('drops trailing zeros and keeps fractional rates', () => {
    expect(percentText(18)).toBe('18%');
    expect(percentText(2.5)).toBe('2.5%');
    expect(percentText(0.125)).toBe('0.125%');
  });
});
