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
 * A discount the database already previewed (`preview_promo`, which knows every code, its validity,
 * minimum and cap), as the checkout shows it; the spec's codes can also be given as a `Promo` rule.
 */
export interface PreviewedDiscount {
  discount: Rupees;
}

/**
 * Cart and checkout totals: total = subtotal + delivery fee − discount. The fee is decided on the
 * subtotal before the discount (as the cart showed it), so a promo never makes delivery chargeable.
 * `quotedFee` is the fee `check_delivery` quoted for the shipping pincode (its zone's fee and large-item
 * fees, for these items): it replaces the default zone's rule once a pincode is known.
 * A preview only: `place_order` recomputes all of it from the product rows.
 */
export function orderSummary(
  subtotal: Rupees,
  promo?: Promo | PreviewedDiscount,
  quotedFee?: Rupees,
): OrderSummary {
  assertAmount(subtotal, 'subtotal');
  if (quotedFee !== undefined) assertAmount(quotedFee, 'delivery fee');
  const fee = quotedFee === undefined ? deliveryFee(subtotal) : roundMoney(quotedFee);
  const discount = promo === undefined ? 0 : discountOf(subtotal, promo);
  return {
    subtotal: roundMoney(subtotal),
    deliveryFee: fee,
    discount,
    total: roundMoney(subtotal + fee - discount),
  };
}

/** The discount on the goods: never more than the subtotal, so they never cost less than ₹0. */
function discountOf(subtotal: Rupees, promo: Promo | PreviewedDiscount): Rupees {
  if (!('discount' in promo)) return promoPreview(subtotal, promo).discount;
  assertAmount(promo.discount, 'discount');
  return roundMoney(Math.min(promo.discount, subtotal));
}
