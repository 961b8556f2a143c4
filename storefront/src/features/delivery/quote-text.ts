import { formatINR } from 'shared/pricing/format';
import type { DeliveryQuote } from '@/features/delivery/api/delivery';
import { deliveryBy } from '@/lib/delivery-dates';

/** What a shopper reads of a check_delivery answer: either a problem, or the dates, fee and COD. */
export type QuoteText =
  | { kind: 'problem'; message: string }
  | { kind: 'ok'; dates: string; fee: string; cod: string; codAvailable: boolean };

const FALLBACK = 'We could not check delivery to this pincode. Please try again.';

/** Fee words: 'Free delivery', or 'Delivery' and the fee in rupees (large-item fees included by the server). */
export function feeText(fee: number): string {
  return fee === 0 ? 'Free delivery' : `Delivery ${formatINR(fee)}`;
}

/** COD words: available, or the reason the server gave (the zone, or the cap it names). */
export function codText(cod: DeliveryQuote['cod']): string {
  if (cod.available) return 'Cash on Delivery available';
  return cod.message ?? 'Cash on Delivery is not available for this pincode.';
}

/**
 * The product page's answer for one item: the database's own words when the pincode is invalid,
 * unknown or not served, or when this item cannot go there (too large for the zone).
 */
export function quoteText(quote: DeliveryQuote): QuoteText {
  if (!quote.serviceable) return { kind: 'problem', message: quote.message ?? FALLBACK };
  const refused = quote.items.find((i) => !i.deliverable);
  if (refused) return { kind: 'problem', message: refused.message ?? FALLBACK };
  if (!quote.delivery_from || !quote.delivery_to || quote.fee === null) {
    return { kind: 'problem', message: quote.message ?? FALLBACK };
  }
  return {
    kind: 'ok',
    dates: deliveryBy(quote.delivery_from, quote.delivery_to),
    fee: feeText(quote.fee),
    cod: codText(quote.cod),
    codAvailable: quote.cod.available,
  };
}

/** Each line the quote says cannot be delivered, by variant id, with the reason to show on it. */
export function undeliverableLines(quote: DeliveryQuote | undefined): Map<number, string> {
  const out = new Map<number, string>();
  if (!quote) return out;
  for (const item of quote.items) {
    if (!item.deliverable) {
      out.set(
        item.variant_id,
        item.message ?? quote.message ?? 'This item cannot be delivered to this pincode.',
      );
    }
  }
  return out;
}

/**
 * Why an order to this pincode cannot be placed, before payment (place_order refuses the same):
 * the pincode's own problem, else the first item that cannot go there; null when it can.
 */
export function blockingReason(quote: DeliveryQuote): string | null {
  if (!quote.serviceable) return quote.message ?? FALLBACK;
  const refused = quote.items.find((i) => !i.deliverable);
  if (refused) return refused.message ?? 'An item in your cart cannot be delivered to this pincode.';
  return null;
}

/**
 * Why cash on delivery cannot be chosen, or null when it can: check_delivery's reason for this
 * pincode and total (its zone, the zone's cap or the store's); before a pincode is known, the
 * store's own cap (`storeCap`, store_settings.cod_max_order_total) against the total.
 */
export function codRefusal(
  quote: DeliveryQuote | undefined,
  storeCap: number | undefined,
  total: number,
): string | null {
  if (quote) return quote.cod.available ? null : codText(quote.cod);
  return storeCap !== undefined && total > storeCap
    ? `Cash on Delivery is available for orders up to ${formatINR(storeCap)}. Please pay online.`
    : null;
}
