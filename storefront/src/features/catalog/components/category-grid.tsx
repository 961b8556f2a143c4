import { useQuery } from '@tanstack/react-query';
import { Armchair, RefreshCw } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { categoryQueries } from '@/features/catalog/api/categories';
import { isAppError } from '@/lib/errors';

/** Category cards: 8 loading skeletons, the grid (with item counts), an empty state, or an error with a retry. */
export function CategoryGrid({ showCounts = false }: { showCounts?: boolean }) {
  const { data, error, isPending, refetch, isRefetching } = useQuery(categoryQueries.list());

  if (isPending) {
    return (
      <ul aria-busy="true" aria-label="Loading categories" className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i} className="h-24 animate-pulse rounded-xl bg-stone-200" />
        ))}
      </ul>
    );
  }

  // A database without the schema yet answers "no such table": to a shopper that is simply no categories.
  const missingTable = isAppError(error) && error.code === 'missing-table';
  if (error && !missingTable) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
        <p className="font-medium">We could not load the categories.</p>
        <p className="mt-1 text-sm">{isAppError(error) ? error.userMessage : 'Please try again.'}</p>
        <button
          type="button"
          onClick={() => void refetch()}
          disabled={isRefetching}
          className="mt-4 inline-flex items-center gap-2 rounded-lg bg-red-800 px-4 py-2 text-sm font-medium text-white hover:bg-red-900 disabled:opacity-60"
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          Try again
        </button>
      </div>
    );
  }

  if (missingTable || !data || data.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-stone-300 p-8 text-center text-stone-600">
        No categories yet. Check back soon — new collections are on their way.
      </p>
    );
  }

  return (
    <ul aria-label="Categories" className="grid grid-cols-2 gap-4 sm:grid-cols-4">
      {data.map((category) => (
        <li key={category.id}>
          <Link
            to={paths.category(category.slug)}
            className="flex h-24 flex-col items-center justify-center gap-1 rounded-xl border border-stone-200 bg-white font-medium shadow-sm transition hover:border-amber-700 hover:text-amber-800 focus-visible:outline-2 focus-visible:outline-amber-700"
          >
            <span className="flex items-center gap-2">
              <Armchair aria-hidden="true" className="size-5" />
              {category.name}
            </span>
            {showCounts && (
              <span className="text-sm font-normal text-stone-600">
                {category.product_count} {category.product_count === 1 ? 'item' : 'items'}
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
