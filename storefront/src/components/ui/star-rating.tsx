import { Star } from 'lucide-react';

/** '128 reviews', '1 review'. */
export const reviewCountText = (count: number) =>
  `${count.toLocaleString('en-IN')} ${count === 1 ? 'review' : 'reviews'}`;

/**
 * Five stars filled to `value` (a half star shows as half), decorative: the text beside them says
 * the figure. Used by the product card, the product summary and the reviews.
 */
export function Stars({ value, className = 'size-4' }: { value: number; className?: string }) {
  return (
    <span aria-hidden="true" className="inline-flex shrink-0">
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = Math.max(0, Math.min(1, value - (n - 1)));
        return (
          <span key={n} className="relative inline-block">
            <Star className={`${className} text-amber-600`} />
            {fill > 0 && (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className={`${className} fill-amber-500 text-amber-600`} />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}

/**
 * A product's rating as the database keeps it (products.rating, review_count: approved reviews only):
 * stars and '4.6 (128 reviews)', or 'No reviews yet' when there is none — never a default.
 */
export function RatingSummary({
  rating,
  count,
  size = 'sm',
}: {
  rating: number | null;
  count: number;
  size?: 'sm' | 'md';
}) {
  if (rating === null || count === 0) {
    return (
      <span data-testid="rating" className="text-stone-600">
        No reviews yet
      </span>
    );
  }
  return (
    <span data-testid="rating" className="inline-flex flex-wrap items-center gap-1">
      <Stars value={rating} className={size === 'md' ? 'size-5' : 'size-4'} />
      <span>
        <span className="sr-only">Rated </span>
        {rating.toFixed(1)}
        <span className="sr-only"> out of 5</span>{' '}
        <span className="text-stone-600">({reviewCountText(count)})</span>
      </span>
    </span>
  );
}
