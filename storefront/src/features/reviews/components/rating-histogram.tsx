import type { ReviewStats } from '@/features/reviews/api/product-reviews';

const STARS = [5, 4, 3, 2, 1] as const;

const countOf = (stats: ReviewStats, n: (typeof STARS)[number]) =>
  ({ 5: stats.stars_5, 4: stats.stars_4, 3: stats.stars_3, 2: stats.stars_2, 1: stats.stars_1 })[n];

/**
 * The 5-bar histogram of approved reviews. Each row's text is its label ("5 stars: 12"); the bar only
 * draws the share, so it is hidden from screen readers.
 */
export function RatingHistogram({ stats }: { stats: ReviewStats }) {
  return (
    <ul aria-label="Ratings by stars" className="w-full max-w-sm space-y-1 text-sm">
      {STARS.map((n) => {
        const count = countOf(stats, n);
        const share = stats.review_count > 0 ? Math.round((count / stats.review_count) * 100) : 0;
        return (
          <li
            key={n}
            data-testid="histogram-row"
            className="grid grid-cols-[4rem_1fr_2.5rem] items-center gap-2"
          >
            <span className="text-stone-700">
              {n} {n === 1 ? 'star' : 'stars'}
              <span className="sr-only">:</span>
            </span>
            <span aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-stone-200">
              <span className="block h-full rounded-full bg-amber-500" style={{ width: `${share}%` }} />
            </span>
            <span className="text-right text-stone-700"> {count}</span>
          </li>
        );
      })}
    </ul>
  );
}
