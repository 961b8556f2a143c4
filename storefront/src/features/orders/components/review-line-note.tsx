import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { OrderSummary } from '@/features/orders/api/orders';
import { reviewStatusText } from '@/features/orders/review-status';

const linkClass = 'font-medium text-amber-800 underline';

/**
 * A delivered line's review: "Rate this product", or the shopper's review's status and "Edit your
 * review" (an edit goes back to moderation: submit_review).
 */
export function ReviewLineNote({ orderId, item }: { orderId: string; item: OrderSummary['items'][number] }) {
  const href = paths.orderReview(orderId, item.id);
  const review = item.review;
  return (
    <p className="text-stone-700" data-testid="review-line-note">
      {review ? (
        <>
          Your review: <span data-testid="review-status">{reviewStatusText(review)}</span> —{' '}
          <Link to={href} className={linkClass}>
            Edit your review<span className="sr-only"> of {item.product_name}</span>
          </Link>
        </>
      ) : (
        <Link to={href} className={linkClass}>
          Rate this product<span className="sr-only"> {item.product_name}</span>
        </Link>
      )}
    </p>
  );
}
