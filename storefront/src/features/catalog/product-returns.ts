/**
 * What the product page promises about returns, from the product's own columns: not returnable when
 * staff marked it so or when every variant is made to order (request_return then takes it back only
 * damaged, defective, not as described or the wrong item); otherwise its window, or the store's.
 */
export type ProductReturns = { returnable: false } | { returnable: true; days: number | null };

export function productReturns(
  product: {
    returnable: boolean;
    return_window_days: number | null;
    variants: readonly { made_to_order: boolean }[];
  },
  storeWindowDays: number | null | undefined,
): ProductReturns {
  const madeToOrder = product.variants.length > 0 && product.variants.every((v) => v.made_to_order);
  if (!product.returnable || madeToOrder) return { returnable: false };
  return { returnable: true, days: product.return_window_days ?? storeWindowDays ?? null };
}

export const NOT_RETURNABLE_TITLE = 'Not returnable';
export const NOT_RETURNABLE_NOTE = 'Damaged or defective items are replaced or refunded';

/** The info card: '30-Day Returns' / 'Not returnable' with its line. */
export function returnsCard(r: ProductReturns): { title: string; text: string } {
  if (!r.returnable) return { title: NOT_RETURNABLE_TITLE, text: NOT_RETURNABLE_NOTE };
  return { title: r.days ? `${r.days}-Day Returns` : 'Easy Returns', text: 'Easy returns and refunds' };
}
