import { assertAmount, roundMoney, type Rupees } from './money.ts';

/**
 * The one delivery rule of the store. The prototype's banner and footer said "free above 999" while
 * its cart charged by 2999; the cart's rule is the one applied, and every screen reads it from here
 * (no amount is typed in copy). They are the default delivery zone's fee and free-above threshold
 * (`delivery_zones`, Standard), which only a migration changes, with these (docs/decisions/007, 011);
 * other zones' fees and every charged fee come from the database's `check_delivery` / `place_order`.
 */
export const FREE_DELIVERY_THRESHOLD: Rupees = 2999;
export const DELIVERY_FEE: Rupees = 99;

/** Delivery fee for a cart subtotal (before any promo discount): free from ₹2,999, else ₹99. */
export function deliveryFee(subtotal: Rupees): Rupees {
  assertAmount(subtotal, 'subtotal');
  return roundMoney(subtotal) >= FREE_DELIVERY_THRESHOLD ? 0 : DELIVERY_FEE;
}

/** How much more the shopper must add for free delivery; 0 once it is free. */
export function freeDeliveryHint(subtotal: Rupees): Rupees {
  assertAmount(subtotal, 'subtotal');
  return Math.max(0, roundMoney(FREE_DELIVERY_THRESHOLD - subtotal));
}
