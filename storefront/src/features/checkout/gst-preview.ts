import { rateFor, type TaxRateRow } from 'shared/gst/rates';
import { splitTax, supplyType, taxByRate, type RateSummary, type SupplyType } from 'shared/gst/split';

export interface GstPreviewInput {
  /** Each cart line: its product's HSN code and its GST-inclusive amount (price × quantity). */
  lines: readonly { hsn: string; amount: number }[];
  discount: number;
  deliveryFee: number;
  rates: readonly TaxRateRow[];
  /** The IST date the order would be placed on ('YYYY-MM-DD'): the rates in force then. */
  onDate: string;
  /** The store's GST state code and the delivery state's code and kind, once the pincode is known. */
  place: { storeStateCode: string; deliveryStateCode: string; deliveryStateKind: string } | null;
}

export interface GstPreview {
  /** null until the delivery state is known (the tax per rate does not depend on it; its split does). */
  supplyType: SupplyType | null;
  /** The GST included in the total. */
  tax: number;
  byRate: RateSummary[];
}

/**
 * The GST the checkout's total includes, per rate: the one split (shared/gst/split) over the priced
 * cart, the promo discount and the delivery fee, with each line's rate from tax_rates on the order
 * date. A preview: place_order splits the order again and the confirmation shows what it stored.
 * Null when a line's HSN code has no rate (place_order would refuse it: tax_rate_missing).
 */
export function gstPreview(input: GstPreviewInput): GstPreview | null {
  if (input.lines.length === 0) return null;
  const lines = input.lines.map((l) => ({
    amount: l.amount,
    rate: rateFor(l.hsn, input.rates, input.onDate),
  }));
  if (lines.some((l) => l.rate === null)) return null;
  const type = input.place
    ? supplyType(input.place.storeStateCode, input.place.deliveryStateCode, input.place.deliveryStateKind)
    : null;
  const split = splitTax({
    lines: lines.map((l) => ({ amount: l.amount, rate: l.rate ?? 0 })),
    discount: input.discount,
    deliveryFee: input.deliveryFee,
    // Without a state the tax is the same whichever way it is levied: compute it as IGST, show no split.
    supplyType: type ?? 'igst',
  });
  return { supplyType: type, tax: split.totals.tax, byRate: taxByRate(split.lines) };
}
