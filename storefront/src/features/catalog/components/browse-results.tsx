import { useId, type ReactNode } from 'react';
import type { Product } from '@/features/catalog/api/products';
import { clearFilters, hasFilters, type BrowseScope } from '@/features/catalog/browse-params';
import { activeChips } from '@/features/catalog/filter-labels';
import { ActiveFilters } from '@/features/catalog/components/filters/active-filters';
import { FilterGroups } from '@/features/catalog/components/filters/filter-groups';
import { FilterSheet } from '@/features/catalog/components/filters/filter-sheet';
import { SortSelect } from '@/features/catalog/components/filters/sort-select';
import { LoadMore, loadedProducts } from '@/features/catalog/components/load-more';
import { ProductGrid, ProductGridSkeleton } from '@/features/catalog/components/product-card';
import type { useBrowse } from '@/features/catalog/hooks/use-browse';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A listing page below its heading: the filters (a side rail on desktop, a bottom sheet on a phone),
 * the total, sort, the active filters as chips, the grid and Load more.
 */
export function BrowseResults({
  browse,
  scope,
  label,
  empty,
  errorMessage,
  before,
  renderAddToCart,
}: {
  browse: ReturnType<typeof useBrowse>;
  scope: BrowseScope;
  /** The grid's accessible name ("Sofas products"). */
  label: string;
  /** What an empty listing (no filter on) shows. */
  empty: ReactNode;
  errorMessage: string;
  /** Filter groups the page adds before the attributes. */
  before?: ReactNode;
  renderAddToCart: (p: Product) => ReactNode;
}) {
  const { state, update, query, first, pending } = browse;
  const railId = useId();
  if (!first) {
    return query.isError ? <p role="alert">{errorMessage}</p> : <ProductGridSkeleton />;
  }
  if (first.total === 0 && !hasFilters(state)) return empty;

  const list = loadedProducts(query);
  const groups = <FilterGroups page={first} state={state} onChange={update} before={before} />;
  return (
    <div className="md:flex md:items-start md:gap-8">
      <section aria-labelledby={railId} className="hidden w-56 shrink-0 md:block">
        <h2 id={railId} className="mb-3 text-lg font-semibold">
          Filters
        </h2>
        {groups}
      </section>
      <div className="min-w-0 flex-1">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <p role="status" className="text-sm font-medium text-stone-700">
            {pending ? 'Updating…' : plural(first.total, 'product', 'products')}
          </p>
          <div className="flex items-center gap-2">
            <FilterSheet
              active={activeChips(state, first.facets).length}
              total={pending ? undefined : first.total}
              onClear={() => update(clearFilters(state))}
            >
              {groups}
            </FilterSheet>
            <SortSelect state={state} scope={scope} onChange={update} />
          </div>
        </div>
        <ActiveFilters state={state} facets={first.facets} onChange={update} />
        {query.isError && !query.isFetchNextPageError && (
          <p role="alert" className="mb-4 text-sm text-red-800">
            {errorMessage}
          </p>
        )}
        {first.total === 0 ? (
          <div className="rounded-xl border border-dashed border-stone-300 p-8 text-center">
            <p>No products match these filters.</p>
            <button
              type="button"
              onClick={() => update(clearFilters(state))}
              className="mt-3 font-medium text-amber-900 underline hover:text-amber-700"
            >
              Clear all filters
            </button>
          </div>
        ) : (
          <div aria-busy={pending} className={pending ? 'opacity-60 transition-opacity' : undefined}>
            <ProductGrid
              label={label}
              products={list}
              priorityCount={4}
              headingLevel={2}
              renderAddToCart={renderAddToCart}
            />
            <LoadMore query={query} shown={list.length} />
          </div>
        )}
      </div>
    </div>
  );
}
