import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { categoryQueries } from '@/features/catalog/api/categories';
import { BrowseResults } from '@/features/catalog/components/browse-results';
import { useBrowse } from '@/features/catalog/hooks/use-browse';
import { rankCategories } from '@/features/catalog/rank-categories';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  usePageTitle(q ? `Search: ${q}` : 'Search', 'Search the FurniCraft catalog.');
  const enabled = q.length > 1;
  const scope = { q };
  // Typo-tolerant (search_products inside browse_products), filtered, sorted by relevance by default.
  const browse = useBrowse({ search: q, scope, enabled });
  const categories = useQuery({ ...categoryQueries.list(), enabled });
  const matchingCategories = rankCategories(q, categories.data ?? []);
  // The results wait for the category list (asked for at the same time, by index.html on a first visit):
  // the matching categories would otherwise appear above results already shown and push them down.
  const categoriesKnown = categories.isSuccess || categories.isError;

  return (
    <section aria-labelledby="search-title">
      <h1 id="search-title" className="mb-4 text-3xl font-bold">
        {enabled ? `Search results for “${q}”` : 'Search'}
      </h1>
      {!enabled ? (
        <p>Type at least 2 characters in the search box to find products.</p>
      ) : (
        <>
          {matchingCategories.length > 0 && (
            <nav aria-label="Matching categories" className="mb-6 flex flex-wrap gap-2">
              {matchingCategories.map((c) => (
                <Link
                  key={c.id}
                  to={paths.category(c.slug)}
                  className="rounded-full border border-amber-800 px-3 py-1 text-sm text-amber-900 hover:bg-amber-50"
                >
                  {c.name}
                </Link>
              ))}
            </nav>
          )}
          {categoriesKnown && (
            <BrowseResults
              browse={browse}
              scope={scope}
              label="Search results"
              errorMessage="We could not search right now. Please try again."
              renderAddToCart={(p) => (
                <AddToCartButton productId={p.id} inStock={p.in_stock} stock={p.stock_quantity} />
              )}
              empty={
                <p className="rounded-xl border border-dashed border-stone-300 p-8 text-center">
                  No products found for “{q}”. Try another word or browse our categories.
                </p>
              }
            />
          )}
        </>
      )}
    </section>
  );
}
