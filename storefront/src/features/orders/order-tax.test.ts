import { describe, expect, it } from 'vitest';
import { orderTax } from '@/features/orders/order-tax';

const line = (
  rate: number,
  taxable: number,
  parts: Partial<Record<'cgst' | 'sgst' | 'utgst' | 'igst', number>>,
) => ({
  gst_rate: rate,
  taxable_value: taxable,
  cgst: parts.cgst ?? 0,
  sgst: parts.sgst ?? 0,
  utgst: parts.utgst ?? 0,
  igst: parts.igst ?? 0,
});

describe("an order's stored GST", () => {
  it('sums the lines per rate and names CGST and SGST at half the rate, from the stored figures', () => {
    const tax = orderTax({
      supply_type: 'cgst_sgst',
      tax_total: 3965.95,
      items: [
        line(18, 21185.59, { cgst: 1906.71, sgst: 1906.7 }),
        line(5, 3047.62, { cgst: 76.2, sgst: 76.19 }),
        line(18, 0.85, { cgst: 0.08, sgst: 0.07 }),
      ],
    });
    expect(tax?.tax).toBe(3965.95);
    expect(tax?.rows).toEqual([
      {
        rate: 5,
        label: 'GST 5%',
        tax: 152.39,
        parts: [
          { label: 'CGST 2.5%', amount: 76.2 },
          { label: 'SGST 2.5%', amount: 76.19 },
        ],
      },
      {
        rate: 18,
        label: 'GST 18%',
        tax: 3813.56,
        parts: [
          { label: 'CGST 9%', amount: 1906.79 },
          { label: 'SGST 9%', amount: 1906.77 },
        ],
      },
    ]);
  });

  it('shows IGST at the full rate for an order delivered to another state', () => {
    const tax = orderTax({
      supply_type: 'igst',
      tax_total: 3813.41,
      items: [line(18, 21185.59, { igst: 3813.41 })],
    });
    expect(tax?.rows[0]?.parts).toEqual([{ label: 'IGST 18%', amount: 3813.41 }]);
  });

  it('is null for an order placed before GST was recorded on its lines', () => {
    expect(orderTax({ supply_type: null, tax_total: null, items: [] })).toBeNull();
    expect(
      orderTax({
        supply_type: 'igst',
        tax_total: 10,
        items: [{ gst_rate: null, taxable_value: null, cgst: null, sgst: null, utgst: null, igst: null }],
      }),
    ).toBeNull();
  });
});
