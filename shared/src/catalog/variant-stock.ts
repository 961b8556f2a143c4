/** What the buyable-quantity rule reads of a variant (the product page and the cart select both). */
export interface VariantStock {
  made_to_order: boolean;
  /** On hand less live reservations (the computed column); null when not selected. */
  available_quantity: number | null;
}

/**
 * How many of a variant a shopper can buy now: its available stock (never below 0), or undefined for a
 * made-to-order variant, which is not stock-tracked (orderable at any stock, ships after its lead
 * time). The one rule behind the cart's cap, the product page's stock text and the offers' availability;
 * place_order decides again in the database.
 */
export function buyableQuantity(v: VariantStock): number | undefined {
  return v.made_to_order ? undefined : Math.max(0, v.available_quantity ?? 0);
}
