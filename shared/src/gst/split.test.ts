import { describe, expect, it } from 'vitest';
import cases from '../../../supabase/tests/fixtures/gst-split-cases.json' with { type: 'json' };
import {
  apportion,
  splitChargedPaise,
  splitTax,
  supplyType,
  taxableValuePaise,
  taxByRate,
  type SupplyType,
  type TaxSplitInput,
} from './split.ts';

const money = (n: number) => n.toFixed(2);

describe('supplyType', () => {
  it('is CGST + SGST when the delivery state is the store state', () => {
    expect(supplyType('29', '29', 'state')).toBe('cgst_sgst');
  });
  it('is IGST for another state or union territory', () => {
    expect(supplyType('29', '27', 'state')).toBe('igst');
    expect(supplyType('29', '04', 'union_territory')).toBe('igst');
  });
  it('is CGST + UTGST within a union territory without a legislature (store in Chandigarh)', () => {
    expect(supplyType('04', '04', 'union_territory')).toBe('cgst_utgst');
  });
  it('is CGST + SGST within a union territory with a legislature (Delhi)', () => {
    expect(supplyType('07', '07', 'union_territory_with_legislature')).toBe('cgst_sgst');
  });
});

describe('apportion', () => {
  it('shares by weight, leftover to the largest remainder, ties to the earlier line', () => {
    expect(apportion(10000, [100000, 100000, 100000])).toEqual([3334, 3333, 3333]);
    expect(apportion(100, [10000, 20000])).toEqual([33, 67]);
    expect(apportion(1, [5, 5])).toEqual([1, 0]);
    expect(apportion(0, [5, 5])).toEqual([0, 0]);
  });
  it('gives a zero-amount line nothing', () => {
    expect(apportion(999, [0, 1000, 0])).toEqual([0, 999, 0]);
  });
  it('refuses to share over nothing', () => {
    expect(() => apportion(1, [0, 0])).toThrow(RangeError);
  });
});

describe('taxableValuePaise', () => {
  it('rounds half up exactly (ties exist at 12% and 28%, not at 5% or 18%)', () => {
    expect(taxableValuePaise(14, 12)).toBe(13); // 12.5
    expect(taxableValuePaise(16, 28)).toBe(13); // 12.5
    expect(taxableValuePaise(42, 12)).toBe(38); // 37.5
    expect(taxableValuePaise(13, 12)).toBe(12); // 11.607
    expect(taxableValuePaise(118000, 18)).toBe(100000);
    expect(taxableValuePaise(0, 18)).toBe(0);
  });
  it('takes rates with two decimals as basis points', () => {
    expect(taxableValuePaise(10250, 2.5)).toBe(10000);
    expect(taxableValuePaise(100025, 0.25)).toBe(99776); // 99775.56
    expect(() => taxableValuePaise(100, 18.005)).toThrow(RangeError);
  });
  it('stays exact where floats would not (₹9 crore at 28%)', () => {
    expect(taxableValuePaise(90_000_000_00, 28)).toBe(70_312_500_00);
  });
});

describe('splitChargedPaise', () => {
  it('gives CGST the odd paisa (ceil) and SGST/UTGST the rest', () => {
    expect(splitChargedPaise(10000, 18, 'cgst_sgst')).toEqual({
      taxableValue: 8475,
      cgst: 763,
      sgst: 762,
      utgst: 0,
      igst: 0,
      tax: 1525,
    });
    expect(splitChargedPaise(10000, 18, 'cgst_utgst')).toMatchObject({ cgst: 763, sgst: 0, utgst: 762 });
    expect(splitChargedPaise(10000, 18, 'igst')).toMatchObject({ cgst: 0, igst: 1525 });
  });
});

describe('splitTax: the hand-checked cases (supabase/tests/fixtures/gst-split-cases.json, also run against SQL)', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const split = splitTax({
      lines: c.lines.map((l) => ({ amount: Number(l.amount), rate: Number(l.rate) })),
      discount: Number(c.discount),
      deliveryFee: Number(c.fee),
      supplyType: c.supply_type as SupplyType,
    });
    expect(
      split.lines.map((l) => ({
        discount_share: money(l.discountShare),
        delivery_share: money(l.deliveryShare),
        taxable_value: money(l.taxableValue),
        cgst: money(l.cgst),
        sgst: money(l.sgst),
        utgst: money(l.utgst),
        igst: money(l.igst),
      })),
    ).toEqual(c.expected.lines);
  });
});

describe('splitTax', () => {
  it('shares a discount over 18% and 5% lines by gross amount, each taxed at its own rate', () => {
    const s = splitTax({
      lines: [
        { amount: 3000, rate: 18 },
        { amount: 1000, rate: 5 },
      ],
      discount: 400,
      deliveryFee: 0,
      supplyType: 'cgst_sgst',
    });
    expect(s.lines.map((l) => [l.discountShare, l.charged, l.taxableValue, l.tax])).toEqual([
      [300, 2700, 2288.14, 411.86],
      [100, 900, 857.14, 42.86],
    ]);
    expect(s.totals).toMatchObject({ amount: 4000, discountShare: 400, charged: 3600, tax: 454.72 });
  });

  it('puts the delivery fee into the lines (taxed at their rates), the leftover paisa to the first tie', () => {
    const s = splitTax({
      lines: [
        { amount: 1000, rate: 18 },
        { amount: 1000, rate: 18 },
        { amount: 1000, rate: 18 },
      ],
      discount: 0,
      deliveryFee: 100,
      supplyType: 'igst',
    });
    expect(s.lines.map((l) => l.deliveryShare)).toEqual([33.34, 33.33, 33.33]);
    expect(s.totals.charged).toBe(3100);
  });

  it('refuses a discount above the goods, an empty order and negative amounts', () => {
    const base: TaxSplitInput = {
      lines: [{ amount: 100, rate: 18 }],
      discount: 0,
      deliveryFee: 0,
      supplyType: 'igst',
    };
    expect(() => splitTax({ ...base, discount: 100.01 })).toThrow(RangeError);
    expect(() => splitTax({ ...base, lines: [] })).toThrow(RangeError);
    expect(() => splitTax({ ...base, deliveryFee: -1 })).toThrow(RangeError);
    expect(splitTax({ ...base, discount: 100 }).totals).toMatchObject({ charged: 0, tax: 0 });
  });

  it('reconciles to the paisa for 1,000 random carts (seeded)', () => {
    const rand = mulberry32(18);
    const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
    const rates = [0, 5, 12, 18, 28, 2.5];
    const types: SupplyType[] = ['cgst_sgst', 'cgst_utgst', 'igst'];
    const p = (r: number) => Math.round(r * 100);
    for (let n = 0; n < 1000; n++) {
      const lines = Array.from({ length: int(1, 6) }, () => ({
        amount: (int(1, 30_000_000) * int(1, 3)) / 100,
        rate: rates[int(0, rates.length - 1)] ?? 18,
      }));
      const gross = lines.reduce((s, l) => s + p(l.amount), 0);
      const discount = int(0, 3) === 0 ? 0 : int(0, gross) / 100;
      const deliveryFee = int(0, 1) === 0 ? 0 : int(0, 50_000) / 100;
      const type = types[n % 3] ?? 'igst';
      const s = splitTax({ lines, discount, deliveryFee, supplyType: type });

      expect(s.lines.reduce((t, l) => t + p(l.discountShare), 0)).toBe(p(discount));
      expect(s.lines.reduce((t, l) => t + p(l.deliveryShare), 0)).toBe(p(deliveryFee));
      expect(p(s.totals.charged)).toBe(gross - p(discount) + p(deliveryFee));
      let tax = 0;
      for (const l of s.lines) {
        const parts = [l.taxableValue, l.cgst, l.sgst, l.utgst, l.igst].map(p);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(p(l.charged));
        expect(p(l.charged)).toBe(p(l.amount) - p(l.discountShare) + p(l.deliveryShare));
        // the taxable value is the nearest paisa to charged / (1 + rate)
        expect(Math.abs(p(l.taxableValue) * (100 + l.rate) - p(l.charged) * 100)).toBeLessThanOrEqual(
          (100 + l.rate) / 2 + 1e-6,
        );
        if (type === 'igst') expect(l.cgst + l.sgst + l.utgst).toBe(0);
        else expect([0, 1]).toContain(p(l.cgst) - p(type === 'cgst_sgst' ? l.sgst : l.utgst));
        tax += p(l.tax);
      }
      expect(p(s.totals.tax)).toBe(tax);
      const summary = taxByRate(s.lines);
      expect(summary.reduce((t, r) => t + p(r.tax), 0)).toBe(tax);
      expect(summary.reduce((t, r) => t + p(r.taxableValue), 0)).toBe(p(s.totals.taxableValue));
    }
  });
});

describe('taxByRate', () => {
  it('sums the tax included per rate, lowest rate first', () => {
    const s = splitTax({
      lines: [
        { amount: 3000, rate: 18 },
        { amount: 1000, rate: 5 },
        { amount: 1180, rate: 18 },
      ],
      discount: 0,
      deliveryFee: 0,
      supplyType: 'cgst_sgst',
    });
    expect(taxByRate(s.lines)).toEqual([
      { rate: 5, taxableValue: 952.38, cgst: 23.81, sgst: 23.81, utgst: 0, igst: 0, tax: 47.62 },
      { rate: 18, taxableValue: 3542.37, cgst: 318.82, sgst: 318.81, utgst: 0, igst: 0, tax: 637.63 },
    ]);
  });
  it('is empty for no lines', () => {
    expect(taxByRate([])).toEqual([]);
  });
});

/** A small seeded PRNG so the random carts are the same on every run. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
