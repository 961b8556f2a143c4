import { deliveryFee } from './delivery.ts';
import { assertAmount, roundMoney, type Rupees } from './money.ts';
import { promoPreview, type Promo } from './promo.ts';

export interface OrderSummary {
  subtotal: Rupees;
  deliveryFee: Rupees;
  discount: Rupees;
  total: Rupees;
}

/**
 * Cart and checkout totals: total = subtotal + delivery fee − discount. The fee is decided on the
 * subtotal before the discount (as the cart showed it), so a promo never makes delivery chargeable.
 * A preview only: `place_order` recomputes all of it from the product rows.
 */
export function orderSummary(subtotal: Rupees, promo?: Promo): OrderSummary {
  assertAmount(subtotal, 'subtotal');
  const fee = deliveryFee(subtotal);
  const discount = promo ? promoPreview(subtotal, promo).discount : 0;
  return {
    subtotal: roundMoney(subtotal),
    deliveryFee: fee,
    discount,
    total: roundMoney(subtotal + fee - discount),
  };
}
