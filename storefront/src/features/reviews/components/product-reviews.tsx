import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { RatingSummary } from '@/components/ui/star-rating';
import { REVIEW_SORTS, reviewQueries, type ReviewSort } from '@/features/reviews/api/product-reviews';
import { RatingHistogram } from '@/features/reviews/components/rating-histogram';
import { ReviewItem } from '@/features/reviews/components/review-item';

const isSort = (v: string): v is ReviewSort => REVIEW_SORTS.some((s) => s.value === v);

/**
 * The product page's reviews (loaded when the section comes near the viewport: ReviewsSection):
 * the average and count (the product's own, kept by the database), the histogram, then the approved
 * reviews ten at a time in the chosen order.
 */
export function ProductReviews({
  productId,
  rating,
  reviewCount,
}: {
  productId: number;
  rating: number | null;
  reviewCount: number;
}) {
  const [sort, setSort] = useState<ReviewSort>('newest');
  const sortId = useId();
  const stats = useQuery(reviewQueries.stats(productId));
  // Another order keeps the reviews shown until the new ones arrive (no empty flash under the select).
  const list = useInfiniteQuery({
    ...reviewQueries.list(productId, sort),
    enabled: rating !== null,
    placeholderData: keepPreviousData,
  });
  if (rating === null) return null;
  const reviews = list.data?.pages.flatMap((p) => p.reviews) ?? [];
  return (
    <div className="grid gap-8 md:grid-cols-[18rem_1fr]">
      <div className="space-y-3">
        <p className="text-4xl font-bold text-stone-900" aria-hidden="true">
          {rating.toFixed(1)}
        </p>
        <p className="text-stone-700">
          <RatingSummary rating={rating} count={reviewCount} size="md" />
        </p>
        {stats.data && <RatingHistogram stats={stats.data} />}
      </div>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={sortId} className="text-sm font-medium text-stone-800">
            Sort reviews
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(e) => isSort(e.target.value) && setSort(e.target.value)}
            className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm focus:border-amber-700 focus:outline-2 focus:outline-amber-700"
          >
            {REVIEW_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        {list.isPending ? (
          <p aria-busy="true" className="mt-4 text-stone-600">
            Loading reviews…
          </p>
        ) : list.isError ? (
          <p role="alert" className="mt-4">
            We could not load the reviews. Please try again.
          </p>
        ) : (
          <>
            <ul aria-label="Reviews" aria-busy={list.isPlaceholderData || undefined} className="mt-2">
              {reviews.map((r) => (
                <li key={r.id}>
                  <ReviewItem review={r} />
                </li>
              ))}
            </ul>
            {list.hasNextPage && (
              <button
                type="button"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
                className="mt-4 rounded-lg border border-amber-800 px-4 py-2 text-sm font-medium text-amber-800 hover:bg-amber-50 disabled:opacity-60"
              >
                {list.isFetchingNextPage ? 'Loading…' : 'Load more reviews'}
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
