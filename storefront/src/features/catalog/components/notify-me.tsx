import { BellRing, Check } from 'lucide-react';
import { useState } from 'react';
import { useRequestBackInStock } from '@/features/catalog/api/back-in-stock';
import { toAppError } from '@/lib/errors';

interface Props {
  variantId: number;
  signedIn: boolean;
  /** A visitor is sent to log in, and back to this page. */
  onLoginNeeded: () => void;
  /** The variant can be bought after all ('in_stock'): the page reloads its stock. */
  onInStock: () => void;
}

/**
 * "Notify me when back in stock" for a sold-out variant: a signed-in shopper gets one e-mail when it
 * returns (request_back_in_stock); the confirmation and any refusal are announced (role=status/alert).
 */
export function NotifyMe(props: Props) {
  // A fresh button for each variant: a confirmation for one is not shown for another.
  return <Notify key={props.variantId} {...props} />;
}

function Notify({ variantId, signedIn, onLoginNeeded, onInStock }: Props) {
  const request = useRequestBackInStock();
  const [refusal, setRefusal] = useState<string | null>(null);
  if (request.isSuccess) {
    return (
      <p
        role="status"
        className="mt-3 flex items-start gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-900"
      >
        <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          We will e-mail you at <strong>{request.data.email}</strong> when it is back in stock.
        </span>
      </p>
    );
  }
  return (
    <div className="mt-3">
      <button
        type="button"
        disabled={request.isPending}
        onClick={() => {
          if (!signedIn) return onLoginNeeded();
          setRefusal(null);
          request.mutate(variantId, {
            onError: (e) => {
              const error = toAppError(e);
              setRefusal(error.userMessage);
              if (error.detail === 'in_stock') onInStock();
            },
          });
        }}
        className="inline-flex items-center gap-2 rounded-lg border border-amber-800 bg-white px-4 py-2 font-medium text-amber-900 hover:bg-amber-50 disabled:opacity-60"
      >
        <BellRing aria-hidden="true" className="size-5" />
        Notify me when back in stock
      </button>
      {refusal && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {refusal}
        </p>
      )}
    </div>
  );
}
