/** "Only N left" from this many available down (the store's long-standing rule). */
export const LOW_STOCK_SHOWN_AT = 5;

export type StockKind = 'in-stock' | 'low' | 'out' | 'made-to-order';

interface StockFields {
  available_quantity: number | null;
  made_to_order: boolean;
  lead_time_days: number;
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * What the product page says about the chosen variant's stock: available = on hand less live
 * reservations. A made-to-order variant is not stock-tracked: it is orderable and ships after its
 * lead time.
 */
export function stockStatus(v: StockFields): { kind: StockKind; text: string } {
  if (v.made_to_order) {
    return {
      kind: 'made-to-order',
      text: v.lead_time_days > 0 ? `Made to order — ships in ${days(v.lead_time_days)}` : 'Made to order',
    };
  }
  const n = Math.max(0, v.available_quantity ?? 0);
  if (n === 0) return { kind: 'out', text: 'Out of stock' };
  if (n <= LOW_STOCK_SHOWN_AT) return { kind: 'low', text: `Only ${n} left` };
  return { kind: 'in-stock', text: 'In stock' };
}

/** The lead time of a stocked variant ("Ships in 3 days"); null when it ships at once or is made to order. */
export function leadTimeText(v: Pick<StockFields, 'made_to_order' | 'lead_time_days'>): string | null {
  return !v.made_to_order && v.lead_time_days > 0 ? `Ships in ${days(v.lead_time_days)}` : null;
}
