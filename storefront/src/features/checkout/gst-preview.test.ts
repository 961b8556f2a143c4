import { describe, expect, it } from 'vitest';
import { gstPreview } from '@/features/checkout/gst-preview';

const RATES = [
  { hsn_code: '9403', rate: 28, effective_from: '2017-07-01' },
  { hsn_code: '9403', rate: 18, effective_from: '2017-11-15' },
  { hsn_code: '94038200', rate: 12, effective_from: '2017-07-01' },
  { hsn_code: '94038200', rate: 5, effective_from: '2025-09-22' },
];
const KARNATAKA = { storeStateCode: '29', deliveryStateCode: '29', deliveryStateKind: 'state' };
const MAHARASHTRA = { storeStateCode: '29', deliveryStateCode: '27', deliveryStateKind: 'state' };

describe("the checkout's GST preview", () => {
  it('carves 18% out of a sofa delivered in the store’s state as CGST + SGST, to the paisa', () => {
    const preview = gstPreview({
      lines: [{ hsn: '9403', amount: 24999 }],
      discount: 0,
      deliveryFee: 0,
      rates: RATES,
      onDate: '2026-11-25',
      place: KARNATAKA,
    });
    // 24,999 × 100/118 = 21,185.59 taxable; 3,813.41 tax; CGST takes the odd paisa.
    expect(preview).toEqual({
      supplyType: 'cgst_sgst',
      tax: 3813.41,
      byRate: [
        { rate: 18, taxableValue: 21185.59, cgst: 1906.71, sgst: 1906.7, utgst: 0, igst: 0, tax: 3813.41 },
      ],
    });
  });

  it('levies IGST in another state, and the same tax before the state is known (no split shown)', () => {
    const input = {
      lines: [{ hsn: '9403', amount: 24999 }],
      discount: 0,
      deliveryFee: 0,
      rates: RATES,
      onDate: '2026-11-25',
    };
    const across = gstPreview({ ...input, place: MAHARASHTRA })!;
    expect(across.supplyType).toBe('igst');
    expect(across.byRate[0]).toMatchObject({ igst: 3813.41, cgst: 0, sgst: 0 });
    const unknown = gstPreview({ ...input, place: null })!;
    expect(unknown.supplyType).toBeNull();
    expect(unknown.tax).toBe(3813.41);
  });

  it('shares the discount and the delivery fee over lines of different rates, by the rate on the order date', () => {
    const input = {
      lines: [
        { hsn: '94036000', amount: 1000 },
        { hsn: '94038200', amount: 1000 },
      ],
      discount: 100,
      deliveryFee: 99,
      rates: RATES,
      place: MAHARASHTRA,
    };
    // Each line is charged 1,000 − 50 + 49.50 = 999.50, then taxed at its own rate.
    const now = gstPreview({ ...input, onDate: '2026-11-25' })!;
    expect(now.byRate.map((r) => [r.rate, r.taxableValue, r.tax])).toEqual([
      [5, 951.9, 47.6],
      [18, 847.03, 152.47],
    ]);
    expect(now.tax).toBe(200.07);
    // Before the September 2025 revision bamboo furniture was 12%.
    const before = gstPreview({ ...input, onDate: '2025-09-21' })!;
    expect(before.byRate.map((r) => r.rate)).toEqual([12, 18]);
  });

  it('is withheld when a line has no rate (place_order would refuse it) or the cart is empty', () => {
    const base = { discount: 0, deliveryFee: 0, rates: RATES, onDate: '2026-11-25', place: null };
    expect(gstPreview({ ...base, lines: [{ hsn: '9401', amount: 500 }] })).toBeNull();
    expect(gstPreview({ ...base, lines: [] })).toBeNull();
  });

  it('keeps CGST + UTGST for a union territory without a legislature as the store’s state', () => {
    const preview = gstPreview({
      lines: [{ hsn: '9403', amount: 1180 }],
      discount: 0,
      deliveryFee: 0,
      rates: RATES,
      onDate: '2026-11-25',
      place: { storeStateCode: '04', deliveryStateCode: '04', deliveryStateKind: 'union_territory' },
    })!;
    expect(preview.supplyType).toBe('cgst_utgst');
    expect(preview.byRate[0]).toMatchObject({ taxableValue: 1000, cgst: 90, utgst: 90, sgst: 0 });
  });
});
