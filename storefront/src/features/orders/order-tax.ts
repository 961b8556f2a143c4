import { taxByRate, type SupplyType } from 'shared/gst/split';
import type { Tables } from 'shared/types/database';
import { taxRows, type TaxRow } from '@/lib/tax-lines';

const SUPPLY_TYPES: readonly string[] = ['cgst_sgst', 'cgst_utgst', 'igst'] satisfies SupplyType[];

const isSupplyType = (s: string | null): s is SupplyType => s !== null && SUPPLY_TYPES.includes(s);

type StoredLine = Pick<
  Tables<'order_items'>,
  'gst_rate' | 'taxable_value' | 'cgst' | 'sgst' | 'utgst' | 'igst'
>;

/**
 * The GST an order's total includes, per rate and levy, from what place_order stored on its lines
 * (the figures the invoice will carry; no recomputation). Null for an order placed before GST was
 * recorded.
 */
export function orderTax(
  order: Pick<Tables<'orders'>, 'supply_type' | 'tax_total'> & { items: readonly StoredLine[] },
): { tax: number; rows: TaxRow[] } | null {
  if (!isSupplyType(order.supply_type) || order.tax_total === null || order.items.length === 0) return null;
  if (order.items.some((i) => i.gst_rate === null || i.taxable_value === null)) return null;
  const lines = order.items.map((i) => {
    const [cgst, sgst, utgst, igst] = [i.cgst ?? 0, i.sgst ?? 0, i.utgst ?? 0, i.igst ?? 0];
    const tax = Math.round((cgst + sgst + utgst + igst) * 100) / 100;
    return { rate: i.gst_rate ?? 0, taxableValue: i.taxable_value ?? 0, cgst, sgst, utgst, igst, tax };
  });
  return { tax: order.tax_total, rows: taxRows(taxByRate(lines), order.supply_type) };
}
