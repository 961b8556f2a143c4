import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Field } from '@/components/ui/field';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useSessionReady, useUser } from '@/features/auth/hooks/use-session';
import { orderQueries } from '@/features/orders/api/orders';
import { OrderDocuments } from '@/features/orders/components/order-documents';
import { OrderReturns } from '@/features/orders/components/order-returns';
import { TrackingResult } from '@/features/orders/components/tracking-result';
import { isAppError } from '@/lib/errors';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * /track-order?order=ORD…&contact=…: the signed-in owner needs only the number; a visitor also gives
 * the order's email or phone. Unknown numbers and other people's orders get the same answer.
 */
export function Component() {
  usePageTitle('Track Order', 'Track your FurniCraft order.');
  const [params, setParams] = useSearchParams();
  const user = useUser();
  const ready = useSessionReady();
  const orderNumber = (params.get('order') ?? '').trim().toUpperCase();
  const contact = (params.get('contact') ?? '').trim();
  const [number, setNumber] = useState(orderNumber);
  const [contactInput, setContactInput] = useState(contact);
  const tracking = useQuery({
    ...orderQueries.tracking(orderNumber, contact),
    enabled: ready && orderNumber !== '',
  });
  // The owner (signed in) may download the invoice and follow returns; a visitor tracking by e-mail or
  // phone may not.
  const orderId = tracking.data?.order_id ?? '';
  const documents = useQuery({
    ...orderQueries.documents(orderId),
    enabled: Boolean(user) && orderId !== '',
  });

  return (
    <section aria-labelledby="track-title" className="mx-auto max-w-3xl">
      <h1 id="track-title" className="text-3xl font-bold">
        Track Your Order
      </h1>
      <p className="mt-1 text-stone-600">Enter your order number to see where your order is.</p>
      <form
        className="mt-6 space-y-4 rounded-xl border border-stone-200 bg-white p-5"
        onSubmit={(e) => {
          e.preventDefault();
          const next = new URLSearchParams();
          if (number.trim()) next.set('order', number.trim().toUpperCase());
          if (contactInput.trim()) next.set('contact', contactInput.trim());
          setParams(next);
        }}
      >
        <Field
          label="Order Number"
          placeholder="ORD…"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
        />
        {!user && (
          <Field
            label="Email or Phone used for the order"
            value={contactInput}
            onChange={(e) => setContactInput(e.target.value)}
          />
        )}
        <button
          type="submit"
          className="rounded-lg bg-amber-800 px-4 py-2 font-medium text-white hover:bg-amber-900"
        >
          Track Order
        </button>
      </form>
      {orderNumber && tracking.isPending && <PageSpinner />}
      {tracking.isError && (
        <p role="alert" className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900">
          {isAppError(tracking.error) && tracking.error.code === 'rate-limited'
            ? tracking.error.userMessage
            : 'We could not look up your order. Please try again.'}
        </p>
      )}
      {tracking.isSuccess && !tracking.data && (
        <p role="alert" className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900">
          We could not find order {orderNumber}
          {user ? ' in your account' : ' with that email or phone'}. Please check the number and try again.
        </p>
      )}
      {tracking.data && (
        <TrackingResult record={tracking.data}>
          {documents.data && (
            <>
              <OrderDocuments
                status={documents.data.status}
                invoice={documents.data.invoice}
                creditNotes={documents.data.credit_notes}
              />
              {/* Only the owner reads returns and refunds (RLS), so only the owner sees their progress. */}
              {(documents.data.status === 'delivered' || documents.data.status === 'cancelled') && (
                <OrderReturns
                  orderId={documents.data.id}
                  offerReturn={documents.data.status === 'delivered'}
                />
              )}
            </>
          )}
        </TrackingResult>
      )}
    </section>
  );
}
