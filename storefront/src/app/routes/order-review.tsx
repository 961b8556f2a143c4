import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { nameWithVariant } from 'shared/catalog/variant-title';
import { useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { useSessionReady, useUser } from '@/features/auth/hooks/use-session';
import { orderKeys, orderQueries } from '@/features/orders/api/orders';
import { reviewStatusText } from '@/features/orders/review-status';
import { ReviewForm } from '@/features/reviews/components/review-form';
import { WithdrawReviewButton } from '@/features/reviews/components/withdraw-review-button';
import { usePageTitle } from '@/lib/use-page-title';

const linkClass = 'font-medium text-amber-800 underline';

/**
 * /orders/:orderId/review/:itemId: the review of one line of a delivered order (its owner's: RLS
 * answers nothing else). Composes the orders feature (the line and the shopper's review of it) with
 * the reviews feature's form; submit_review decides who may review.
 */
export function Component() {
  usePageTitle('Rate this product', 'Review a product from your FurniCraft order.');
  const { orderId = '', itemId = '' } = useParams();
  const { pathname } = useLocation();
  const user = useUser();
  const ready = useSessionReady();
  const queryClient = useQueryClient();
  const order = useQuery({ ...orderQueries.forReview(orderId), enabled: Boolean(user) });
  const [done, setDone] = useState<'submitted' | 'withdrawn' | null>(null);

  if (!ready) return <PageSpinner />;
  if (!user) return <Navigate to={`${paths.login}?redirect=${encodeURIComponent(pathname)}`} replace />;

  const finish = (what: 'submitted' | 'withdrawn') => {
    setDone(what);
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  };
  const back = (
    <Link to={`${paths.profile}?tab=orders`} className={linkClass}>
      Back to Order History
    </Link>
  );
  const item = order.data?.items.find((i) => String(i.id) === itemId);
  let body;
  if (done === 'withdrawn') {
    body = (
      <div role="status" className="rounded-xl border border-stone-200 bg-stone-50 p-5">
        <p className="text-lg font-semibold">Your review has been withdrawn</p>
        <p className="mt-3">{back}</p>
      </div>
    );
  } else if (done === 'submitted') {
    body = (
      <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-5">
        <p className="flex items-center gap-2 text-lg font-semibold text-green-900">
          <CheckCircle2 aria-hidden="true" className="size-6" /> Thank you for your review
        </p>
        <p className="mt-1">
          It will be published after our team has checked it; its status is shown under Order History.
        </p>
        <p className="mt-3">{back}</p>
      </div>
    );
  } else if (order.isPending) {
    body = <PageSpinner />;
  } else if (order.isError) {
    body = <p role="alert">We could not load this order. Please try again.</p>;
  } else if (!order.data || !item) {
    body = <p role="alert">We could not find this product in your orders. {back}</p>;
  } else if (order.data.status !== 'delivered') {
    body = <p role="alert">You can review this product once it has been delivered. {back}</p>;
  } else {
    body = (
      <>
        <p className="mb-6 text-stone-700">
          <strong>{nameWithVariant(item.product_name, item.variant_title)}</strong> from order{' '}
          {order.data.order_number}.
          {item.review && (
            <>
              {' '}
              Your review: {reviewStatusText(item.review)}. An edit is checked again before it is published.
            </>
          )}
        </p>
        <ReviewForm
          userId={user.id}
          orderItemId={item.id}
          existing={item.review}
          onSubmitted={() => finish('submitted')}
        />
        {item.review && (
          <div className="mt-8 border-t border-stone-200 pt-4">
            <WithdrawReviewButton review={item.review} onWithdrawn={() => finish('withdrawn')} />
          </div>
        )}
      </>
    );
  }
  return (
    <section aria-labelledby="review-title" className="mx-auto max-w-2xl">
      <h1 id="review-title" className="mb-2 text-3xl font-bold">
        {item?.review ? 'Edit your review' : 'Rate this product'}
      </h1>
      {body}
    </section>
  );
}
