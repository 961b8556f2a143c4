import { freeDeliveryHint } from 'shared/pricing/delivery';
import { roundMoney, type Rupees } from 'shared/pricing/money';
import { orderSummary, type OrderSummary, type PreviewedDiscount } from 'shared/pricing/order-summary';
import type { CartLine } from '@/features/cart/cart-store';

export interface PricedLine<P> {
  line: CartLine;
  product: P;
  /** price × quantity, to the paise */
  total: Rupees;
}

export interface PricedCart<P> {
  lines: PricedLine<P>[];
  /** subtotal, delivery fee (shared/pricing/delivery), discount and total: shared/pricing/order-summary */
  summary: OrderSummary;
  /** how much more for free delivery; 0 once it is free */
  freeDeliveryHint: Rupees;
}

/**
 * The cart priced from the catalog: the one place the cart page and the checkout get their lines and
 * totals from. Lines whose product left the catalog are neither priced nor counted. A preview only:
 * place_order prices the order again from the product rows.
 */
export function priceCart<P extends { id: number; price: number }>(
  lines: readonly CartLine[],
  products: readonly P[],
  promo?: PreviewedDiscount,
): PricedCart<P> {
  const byId = new Map(products.map((p) => [p.id, p]));
  const priced = lines.flatMap((line) => {
    const product = byId.get(line.productId);
    return product ? [{ line, product, total: roundMoney(product.price * line.qty) }] : [];
  });
  const subtotal = priced.reduce((sum, l) => sum + l.total, 0);
  const summary = orderSummary(roundMoney(subtotal), promo);
  return { lines: priced, summary, freeDeliveryHint: freeDeliveryHint(summary.subtotal) };
}
