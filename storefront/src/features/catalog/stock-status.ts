import { buyableQuantity } from 'shared/catalog/variant-stock';

export type StockKind = 'in-stock' | 'low' | 'out' | 'made-to-order';

interface StockFields {
  available_quantity: number | null;
  made_to_order: boolean;
  lead_time_days: number;
  /** The variant's own low-stock level (staff set it); null: the store's. */
  low_stock_threshold: number | null;
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * What the product page says about the chosen variant's stock: available = on hand less live
 * reservations. A made-to-order variant is not stock-tracked: it is orderable and ships after its
 * lead time. "Only N left" follows the store's low-stock rule, the one that raises staff's alerts:
 * the variant's threshold, else store_settings.low_stock_threshold (`storeThreshold`; null when it
 * could not be read: no "Only N left" rather than a number of our own).
 */
export function stockStatus(
  v: StockFields,
  storeThreshold: number | null,
): { kind: StockKind; text: string } {
  if (v.made_to_order) {
    return {
      kind: 'made-to-order',
      text: v.lead_time_days > 0 ? `Made to order — ships in ${days(v.lead_time_days)}` : 'Made to order',
    };
  }
  const n = buyableQuantity(v) ?? 0;
  if (n === 0) return { kind: 'out', text: 'Out of stock' };
  const lowAt = v.low_stock_threshold ?? storeThreshold;
  if (lowAt !== null && n <= lowAt) return { kind: 'low', text: `Only ${n} left` };
  return { kind: 'in-stock', text: 'In stock' };
}

/** The lead time of a stocked variant ("Ships in 3 days"); null when it ships at once or is made to order. */
export function leadTimeText(v: Pick<StockFields, 'made_to_order' | 'lead_time_days'>): string | null {
  return !v.made_to_order && v.lead_time_days > 0 ? `Ships in ${days(v.lead_time_days)}` : null;
}
