import { useQuery } from '@tanstack/react-query';
import { formatINR } from 'shared/pricing/format';
import { Link } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { orderQueries } from '@/features/orders/api/orders';
import { CancelOrderButton } from '@/features/orders/components/cancel-order-button';
import { OrderDocuments } from '@/features/orders/components/order-documents';
import { OrderLines } from '@/features/orders/components/order-lines';
import { OrderReturns } from '@/features/orders/components/order-returns';

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

export function OrdersTab({ userId }: { userId: string }) {
  const { data, isPending, isError } = useQuery(orderQueries.history(userId));
  if (isPending) return <PageSpinner />;
  if (isError) return <p role="alert">We could not load your orders. Please try again.</p>;
  if (data.length === 0) {
    return (
      <p className="text-stone-600">
        You have not placed any orders yet.{' '}
        <Link to={paths.products} className="font-medium text-amber-800 underline">
          Start shopping
        </Link>
      </p>
    );
  }
  return (
    <ul className="space-y-4">
      {data.map((o) => (
        <li key={o.id} className="rounded-xl border border-stone-200 p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold">{o.order_number}</p>
            <p className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900 capitalize">
              {o.status}
            </p>
          </div>
          <p className="text-sm text-stone-600">
            {dateFormat.format(new Date(o.created_at))} · Payment {o.payment_status.replace('_', ' ')}
          </p>
          <OrderLines order={o} />
          <div className="mt-2 flex items-center justify-between gap-2">
            <p className="font-semibold">Total: {formatINR(o.total)}</p>
            {(o.status === 'pending' || o.status === 'processing') && (
              <CancelOrderButton orderId={o.id} orderNumber={o.order_number} />
            )}
          </div>
          <div className="mt-2">
            <OrderDocuments status={o.status} invoice={o.invoice} creditNotes={o.credit_notes} />
          </div>
          {/* A delivered order's returns; a cancelled order that was paid: its refund. */}
          {(o.status === 'delivered' || (o.status === 'cancelled' && o.payment_status !== 'pending')) && (
            <OrderReturns orderId={o.id} offerReturn={false} />
          )}
        </li>
      ))}
    </ul>
  );
}
