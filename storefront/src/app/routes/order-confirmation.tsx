import { useQuery } from '@tanstack/react-query';
import { CheckCircle, Home, Package, Truck, XCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatINR } from 'shared/pricing/format';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { useSessionReady } from '@/features/auth/hooks/use-session';
import { orderQueries, type ConfirmedOrder } from '@/features/orders/api/orders';
import { OrderTaxSummary } from '@/features/orders/components/order-tax-summary';
import { deliveryWindow } from '@/lib/delivery-dates';
import { usePageTitle } from '@/lib/use-page-title';

const STEPS = [
  { icon: Package, title: 'Order Processing', text: 'We are preparing your furniture for dispatch.' },
  { icon: Truck, title: 'Shipping', text: 'We will let you know when it is on its way to you.' },
  { icon: Home, title: 'Delivery', text: 'Our team will deliver and place it in your home.' },
];

function statusLabel(o: ConfirmedOrder): string {
  if (o.status === 'cancelled') return 'Cancelled';
  if (o.payment_method === 'razorpay' && o.payment_status !== 'paid') return 'Awaiting payment';
  return 'Confirmed';
}

/** What a shopper should know about a cancelled order: whether money they paid comes back. */
function cancelledNote(o: ConfirmedOrder): string | null {
  if (o.status !== 'cancelled') return null;
  if (o.payment_status === 'refunded')
    return 'This order was cancelled. Your payment has been refunded to the account you paid from.';
  if (o.payment_status === 'paid')
    return 'This order was cancelled. Your payment is being refunded to the account you paid from.';
  return 'This order was cancelled.';
}

export function Component() {
  usePageTitle('Order Confirmed', 'Your order has been placed.');
  const orderNumber = useSearchParams()[0].get('order') ?? '';
  const ready = useSessionReady();
  const order = useQuery({ ...orderQueries.confirmation(orderNumber), enabled: ready && orderNumber !== '' });

  if (orderNumber && (!ready || order.isPending)) return <PageSpinner />;
  if (order.isError) return <p role="alert">We could not load your order. Please try again.</p>;
  const o = order.data;
  if (!o) {
    return (
      <section className="py-16 text-center">
        <h1 className="text-2xl font-semibold">Order not found</h1>
        <p className="mt-2 text-stone-600">
          Sign in with the account that placed it, or track it by its number.
        </p>
        <Link to={paths.trackOrder} className="mt-6 inline-block font-medium text-amber-800 underline">
          Track Your Order
        </Link>
      </section>
    );
  }
  const cancelled = o.status === 'cancelled';
  return (
    <section aria-labelledby="confirmed-title" className="mx-auto max-w-3xl text-center">
      {cancelled ? (
        <XCircle aria-hidden="true" className="mx-auto size-16 text-red-700" />
      ) : (
        <CheckCircle aria-hidden="true" className="mx-auto size-16 text-green-600" />
      )}
      <h1 id="confirmed-title" className="mt-4 text-3xl font-bold">
        {cancelled ? 'Order Cancelled' : 'Order Confirmed!'}
      </h1>
      <p className="mt-2 text-stone-600">
        {cancelledNote(o) ?? 'Thank you for shopping with us. We have received your order.'}
      </p>
      <dl className="mx-auto mt-6 max-w-md space-y-2 rounded-xl border border-stone-200 bg-white p-5 text-left text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Order ID</dt>
          <dd className="font-semibold" data-testid="order-number">
            {o.order_number}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">
            {o.payment_method === 'cod' ? 'Total (pay on delivery)' : 'Total'}
          </dt>
          <dd className="font-semibold" data-testid="order-total">
            {formatINR(o.total)}
          </dd>
        </div>
        {o.payment_id && (
          <div className="flex justify-between gap-4">
            <dt className="text-stone-600">Payment ID</dt>
            <dd className="font-mono" data-testid="payment-id">
              {o.payment_id}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Status</dt>
          <dd
            className={cancelled ? 'font-semibold text-red-700' : 'font-semibold text-green-700'}
            data-testid="order-status"
          >
            {statusLabel(o)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Estimated Delivery</dt>
          <dd className="text-right font-semibold" data-testid="delivery-window">
            {deliveryWindow(o.estimated_delivery_from, o.estimated_delivery_to)}
          </dd>
        </div>
      </dl>
      <OrderTaxSummary order={o} />
      {!cancelled && (
        <ul className="mt-8 grid gap-4 sm:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-stone-200 bg-white p-4">
              <Icon aria-hidden="true" className="mx-auto size-8 text-amber-800" />
              <h2 className="mt-2 font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-stone-600">{text}</p>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-8 flex justify-center gap-3">
        <Link
          to={`${paths.trackOrder}?order=${encodeURIComponent(o.order_number)}`}
          className="rounded-lg bg-amber-800 px-4 py-2 font-medium text-white hover:bg-amber-900"
        >
          Track Your Order
        </Link>
        <Link
          to={paths.home}
          className="rounded-lg border border-amber-800 px-4 py-2 font-medium text-amber-800 hover:bg-amber-50"
        >
          Continue Shopping
        </Link>
      </div>
    </section>
  );
}
