import { useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { useSessionReady, useUser } from '@/features/auth/hooks/use-session';
import { orderQueries } from '@/features/orders/api/orders';
import { returnQueries } from '@/features/orders/api/returns';
import { ReturnForm } from '@/features/orders/components/return-form';
import { pickupDates } from '@/features/orders/return-pickup';
import { storeSettingsQueries } from '@/features/store/api/store-settings';
import { usePageTitle } from '@/lib/use-page-title';

const linkClass = 'font-medium text-amber-800 underline';

/**
 * /orders/:orderId/return: the return form of a delivered order (its owner's: RLS answers nothing
 * else). Composes the orders feature with the store's pickup horizon.
 */
export function Component() {
  usePageTitle('Return or replace', 'Return or replace items from your FurniCraft order.');
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const user = useUser();
  const ready = useSessionReady();
  const signedIn = Boolean(user);
  const order = useQuery({ ...orderQueries.forReturn(orderId), enabled: signedIn });
  const options = useQuery({ ...returnQueries.options(orderId), enabled: signedIn });
  const reasons = useQuery({ ...returnQueries.reasons(), enabled: signedIn });
  const terms = useQuery(storeSettingsQueries.returnTerms());
  const [requested, setRequested] = useState<string | null>(null);

  if (!ready) return <PageSpinner />;
  if (!user)
    return <Navigate to={`${paths.login}?redirect=${encodeURIComponent(pathname + search)}`} replace />;

  const back = (
    <Link to={`${paths.profile}?tab=orders`} className={linkClass}>
      Back to Order History
    </Link>
  );
  let body;
  if (requested) {
    body = (
      <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-5">
        <p className="flex items-center gap-2 text-lg font-semibold text-green-900">
          <CheckCircle2 aria-hidden="true" className="size-6" /> Return requested
        </p>
        <p className="mt-1">
          Your return number is <strong data-testid="return-number">{requested}</strong>. We will confirm the
          pickup by e-mail; follow it under Order History.
        </p>
        <p className="mt-3">{back}</p>
      </div>
    );
  } else if (order.isPending || options.isPending || reasons.isPending || terms.isPending) {
    body = <PageSpinner />;
  } else if (order.isError || options.isError || reasons.isError || terms.isError) {
    body = <p role="alert">We could not load this order. Please try again.</p>;
  } else if (!order.data) {
    body = <p role="alert">We could not find this order in your account. {back}</p>;
  } else {
    const eligible = options.data.filter((o) => o.eligible);
    const item = Number(params.get('item'));
    body =
      eligible.length === 0 ? (
        <p role="alert">Nothing in this order can be returned now. {back}</p>
      ) : (
        <>
          <p className="mb-6 text-stone-700">
            Order <strong>{order.data.order_number}</strong>. We pick the items up from you; a refund reaches{' '}
            {order.data.payment_method === 'cod'
              ? 'the UPI ID or bank account you give below'
              : 'your original payment method'}{' '}
            within 5–7 working days of the pickup.
          </p>
          <ReturnForm
            userId={user.id}
            order={order.data}
            options={eligible}
            reasons={reasons.data}
            pickupDates={pickupDates(new Date(), terms.data.return_pickup_days)}
            preselect={Number.isInteger(item) && item > 0 ? item : undefined}
            onRequested={setRequested}
          />
        </>
      );
  }
  return (
    <section aria-labelledby="return-title" className="mx-auto max-w-2xl">
      <h1 id="return-title" className="mb-2 text-3xl font-bold">
        Return or replace
      </h1>
      {body}
    </section>
  );
}
