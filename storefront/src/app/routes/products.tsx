import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { categoryQueries } from '@/features/catalog/api/categories';
import { BrowseResults } from '@/features/catalog/components/browse-results';
import { useBrowse } from '@/features/catalog/hooks/use-browse';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * Every product, a page at a time, with the filters, the sort and a category kept in the URL
 * (`?category=sofas&material=fabric&sort=price-asc`) so a filtered list can be shared.
 */
export function Component() {
  usePageTitle(
    'All Products',
    'Every FurniCraft product, with filters by category, material, colour, price and more.',
  );
  const [params] = useSearchParams();
  const category = params.get('category') || undefined;
  const scope = { category };
  const browse = useBrowse({ categorySlug: category, scope, acrossCategories: true });

  return (
    <section aria-labelledby="products-title">
      <h1 id="products-title" className="mb-4 text-3xl font-bold">
        All Products
      </h1>
      <BrowseResults
        browse={browse}
        scope={scope}
        label="Products"
        errorMessage="We could not load the products. Please try again."
        before={
          <CategoryFilter
            value={category}
            onChange={(slug) => browse.update(browse.state, { category: slug })}
          />
        }
        renderAddToCart={(p) => (
          <AddToCartButton productId={p.id} inStock={p.in_stock} stock={p.stock_quantity} />
        )}
        empty={
          <p className="rounded-xl border border-dashed border-stone-300 p-8 text-center">
            No products match these filters.
          </p>
        }
      />
    </section>
  );
}

function CategoryFilter({ value, onChange }: { value?: string; onChange: (slug?: string) => void }) {
  const categories = useQuery(categoryQueries.list());
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-semibold text-stone-900">
        Category
      </label>
      <select
        id={id}
        className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
      >
        <option value="">All categories</option>
        {(categories.data ?? []).map((c) => (
          <option key={c.slug} value={c.slug}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
