import { useQuery } from '@tanstack/react-query';
import { CircleAlert, Truck } from 'lucide-react';
import { useId, useState } from 'react';
import { deliveryQueries } from '@/features/delivery/api/delivery';
import { PincodeBox } from '@/features/delivery/components/pincode-box';
import { PINCODE, usePincodeStore } from '@/features/delivery/pincode-store';
import { quoteText } from '@/features/delivery/quote-text';

interface Props {
  /** The chosen variant: its size decides whether a zone takes it. None: nothing can be bought. */
  variantId: number | undefined;
  /** The signed-in shopper's default address pincode, used when no pincode was checked before. */
  addressPincode: string | undefined;
}

/**
 * "Check delivery" on the product page: a pincode (the last one checked, else the default address's)
 * answered by check_delivery with the dates, the fee and cash on delivery, or the database's reason
 * it cannot deliver, in a live region so a screen reader hears the answer.
 */
export function CheckDelivery({ variantId, addressPincode }: Props) {
  const remembered = usePincodeStore((s) => s.pincode);
  const remember = usePincodeStore((s) => s.remember);
  const start = remembered || addressPincode || '';
  // What the shopper checked here (even an invalid pincode: the database says what is wrong with it).
  const [checked, setChecked] = useState<string | null>(null);
  const pincode = checked ?? (PINCODE.test(start) ? start : '');
  const quote = useQuery({
    ...deliveryQueries.check({
      pincode,
      items: variantId === undefined ? [] : [{ variant_id: variantId, quantity: 1 }],
      subtotal: null,
      discount: 0,
    }),
    enabled: pincode !== '' && variantId !== undefined,
  });
  const id = useId();
  const answer = quote.data && !quote.isPlaceholderData ? quoteText(quote.data) : null;

  return (
    <section aria-labelledby={id} className="mt-6 rounded-xl border border-stone-200 bg-white p-4">
      <h2 id={id} className="mb-3 flex items-center gap-2 font-semibold">
        <Truck aria-hidden="true" className="size-5 text-amber-800" /> Check delivery
      </h2>
      <PincodeBox
        label="Pincode"
        value={pincode}
        disabled={variantId === undefined}
        onCheck={(p) => {
          setChecked(p);
          remember(p);
        }}
      />
      <div aria-live="polite" className="mt-3 text-sm" data-testid="delivery-answer">
        {quote.isFetching && !answer && <p className="text-stone-600">Checking…</p>}
        {quote.isError && <p className="text-red-700">We could not check delivery. Please try again.</p>}
        {answer?.kind === 'problem' && (
          <p className="flex items-start gap-2 font-medium text-red-700">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {answer.message}
          </p>
        )}
        {answer?.kind === 'ok' && (
          <ul className="space-y-1">
            <li className="font-semibold text-green-800">{answer.dates}</li>
            <li className="text-stone-800">{answer.fee}</li>
            <li className={answer.codAvailable ? 'text-stone-800' : 'text-amber-900'}>{answer.cod}</li>
          </ul>
        )}
      </div>
    </section>
  );
}
