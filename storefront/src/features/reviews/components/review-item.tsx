import { BadgeCheck } from 'lucide-react';
import { STORE_NAME } from 'shared/config';
import { Stars } from '@/components/ui/star-rating';
import type { PublishedReview } from '@/features/reviews/api/product-reviews';
import { reviewDate } from '@/features/reviews/review-date';

/**
 * One approved review. Everything the customer wrote is React text (never HTML), with their line
 * breaks kept; "Verified buyer" is true of every review (submit_review takes delivered lines only).
 */
export function ReviewItem({ review }: { review: PublishedReview }) {
  const titleId = `review-${review.id}-title`;
  return (
    <article aria-labelledby={titleId} className="border-b border-stone-200 py-5 last:border-b-0">
      <p className="flex items-center gap-2">
        <Stars value={review.rating} />
        <span className="sr-only">Rated {review.rating} out of 5</span>
      </p>
      <h3 id={titleId} className="mt-1 font-semibold text-stone-900">
        {review.title}
      </h3>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
        <span className="font-medium text-stone-800">{review.author_name}</span>
        <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800">
          <BadgeCheck aria-hidden="true" className="size-3.5" /> Verified buyer
        </span>
        <time dateTime={review.created_at}>{reviewDate(review.created_at)}</time>
      </p>
      {review.variant_title && <p className="mt-1 text-sm text-stone-600">{review.variant_title}</p>}
      <p className="mt-2 break-words whitespace-pre-line text-stone-800">{review.body}</p>
      {review.photoUrls.length > 0 && (
        <ul aria-label={`Photos from ${review.author_name}`} className="mt-3 flex flex-wrap gap-2">
          {review.photoUrls.map((url, i) => (
            <li key={url}>
              <a
                href={url}
                target="_blank"
                rel="noreferrer"
                className="block focus-visible:outline-2 focus-visible:outline-amber-700"
              >
                <img
                  src={url}
                  alt={`Photo ${i + 1} of ${review.photoUrls.length} from ${review.author_name}`}
                  width={80}
                  height={80}
                  loading="lazy"
                  className="size-20 rounded-lg border border-stone-200 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.store_reply && (
        <div className="mt-3 rounded-lg bg-stone-100 p-3 text-sm">
          <p className="font-semibold text-stone-900">
            Reply from {STORE_NAME}
            {review.replied_at && (
              <>
                {' '}
                · <time dateTime={review.replied_at}>{reviewDate(review.replied_at)}</time>
              </>
            )}
          </p>
          <p className="mt-1 break-words whitespace-pre-line text-stone-800">{review.store_reply}</p>
        </div>
      )}
    </article>
  );
}
