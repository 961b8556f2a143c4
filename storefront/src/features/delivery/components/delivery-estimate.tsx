import { CircleAlert, Truck } from 'lucide-react';
import type { DeliveryQuote } from '@/features/delivery/api/delivery';
import { blockingReason } from '@/features/delivery/quote-text';
import { deliveryBy } from '@/lib/delivery-dates';

interface Props {
  quote: DeliveryQuote | undefined;
  checking: boolean;
  failed: boolean;
}

/**
 * The cart's and the checkout's delivery line for the pincode: the dates check_delivery promises, or
 * why this cart cannot be delivered there (the pincode's reason, or an item's), in a live region.
 */
export function DeliveryEstimate({ quote, checking, failed }: Props) {
  const problem = quote ? blockingReason(quote) : null;
  return (
    <div aria-live="polite" className="mt-3 text-sm" data-testid="delivery-estimate">
      {!quote && checking && <p className="text-stone-600">Checking delivery…</p>}
      {!quote && failed && <p className="text-red-700">We could not check delivery. Please try again.</p>}
      {problem && (
        <p className="flex items-start gap-2 rounded-lg bg-red-50 p-2 font-medium text-red-800">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {problem}
        </p>
      )}
      {quote && !problem && quote.delivery_from && quote.delivery_to && (
        <p className="flex items-center gap-2 font-medium text-green-800">
          <Truck aria-hidden="true" className="size-4 shrink-0" />
          {deliveryBy(quote.delivery_from, quote.delivery_to)}
        </p>
      )}
    </div>
  );
}
