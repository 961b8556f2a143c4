import { istDate } from 'shared/gst/financial-year';
import { dayMonth } from '@/lib/delivery-dates';

/** What order_return_options says of one delivered line, as the order history words it. */
export type ReturnLineNote =
  | { kind: 'eligible'; returnable: boolean; closes: string }
  | { kind: 'closed'; text: string }
  | { kind: 'not-returnable'; text: string }
  | { kind: 'none' };

export const NOT_RETURNABLE_TEXT = 'Not returnable — damaged or defective items are still replaced';

/** The line's own wording: made-to-order pieces say why (the variant as the shopper can still read it). */
export const notReturnableText = (madeToOrder: boolean) =>
  madeToOrder
    ? 'Not returnable (made to order) — damaged or defective items are still replaced'
    : NOT_RETURNABLE_TEXT;

interface OptionFacts {
  eligible: boolean;
  returnable: boolean;
  returnable_quantity: number;
  window_closes_at: string | null;
}

/**
 * The window closes at the end of an Indian day (delivered 18 Nov + 30 days: 18 Dec 23:59:59 IST), so
 * the day shown is the IST date of window_closes_at. Lines fully returned already say nothing here:
 * their return's progress shows under the order.
 */
export function returnLineNote(o: OptionFacts, now: Date = new Date()): ReturnLineNote {
  const closes = o.window_closes_at ? dayMonth(istDate(o.window_closes_at)) : null;
  if (o.eligible && closes) return { kind: 'eligible', returnable: o.returnable, closes };
  if (o.returnable_quantity <= 0) return { kind: 'none' };
  if (closes && o.window_closes_at && new Date(o.window_closes_at) <= now) {
    return { kind: 'closed', text: `Return window closed on ${closes}` };
  }
  if (!o.returnable) return { kind: 'not-returnable', text: NOT_RETURNABLE_TEXT };
  return { kind: 'none' };
}
