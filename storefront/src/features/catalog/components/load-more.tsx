/** Every product of the pages loaded so far (useInfiniteQuery's data), in order. */
export function loadedProducts<T>(query: { data?: { pages: { products: T[] }[] } }): T[] {
  return query.data?.pages.flatMap((p) => p.products) ?? [];
}

/** What LoadMore reads of a useInfiniteQuery result. */
interface Pager {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Under a paged list: how many are shown (announced politely) and a Load more button while the last
 * page said there is more. The button stays where it is, so keyboard focus is not lost.
 */
export function LoadMore({ query, shown }: { query: Pager; shown: number }) {
  return (
    <div className="mt-8 flex flex-col items-center gap-3">
      <p className="text-sm text-stone-600" aria-live="polite">
        {shown === 1
          ? 'Showing 1 product'
          : query.hasNextPage
            ? `Showing ${shown} products`
            : `Showing all ${shown} products`}
      </p>
      {query.isFetchNextPageError && (
        <p role="alert" className="text-sm text-red-800">
          We could not load more products. Please try again.
        </p>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          aria-busy={query.isFetchingNextPage}
          className="rounded-lg border border-amber-800 bg-white px-6 py-3 font-medium text-amber-900 hover:bg-amber-50 disabled:cursor-wait disabled:opacity-70"
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </div>
  );
}
