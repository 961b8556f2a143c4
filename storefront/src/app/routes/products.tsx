import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { categoryQueries } from '@/features/catalog/api/categories';
import { productQueries, type ProductSort } from '@/features/catalog/api/products';
import { LoadMore, loadedProducts } from '@/features/catalog/components/load-more';
import { ProductGrid, ProductGridSkeleton } from '@/features/catalog/components/product-card';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { usePageTitle } from '@/lib/use-page-title';

const SORTS: { value: ProductSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
  { value: 'rating', label: 'Top Rated' },
];
const PRICE_CAPS = [10000, 25000, 50000, 100000];

const selectClass = 'rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm';

/** Every product, a page at a time, with sort and filters kept in the URL so a filtered list can be shared. */
export function Component() {
  usePageTitle('All Products', 'Every FurniCraft product, with filters by category, price and stock.');
  const [params, setParams] = useSearchParams();
  const sort = (SORTS.find((s) => s.value === params.get('sort'))?.value ?? 'newest') as ProductSort;
  const categoryId = params.get('category') ? Number(params.get('category')) : undefined;
  const maxPrice = params.get('max') ? Number(params.get('max')) : undefined;
  const inStockOnly = params.get('stock') === '1';
  const categories = useQuery(categoryQueries.list());
  const products = useInfiniteQuery(productQueries.pages({ sort, categoryId, maxPrice, inStockOnly }));
  const list = loadedProducts(products);

  const set = (key: string, value: string | undefined) =>
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        return p;
      },
      { replace: true },
    );

  return (
    <section aria-labelledby="products-title">
      <h1 id="products-title" className="mb-4 text-3xl font-bold">
        All Products
      </h1>
      <div className="mb-6 flex flex-wrap items-end gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Sort by
          <select className={selectClass} value={sort} onChange={(e) => set('sort', e.target.value)}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Category
          <select
            className={selectClass}
            value={categoryId ?? ''}
            onChange={(e) => set('category', e.target.value || undefined)}
          >
            <option value="">All categories</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Price
          <select
            className={selectClass}
            value={maxPrice ?? ''}
            onChange={(e) => set('max', e.target.value || undefined)}
          >
            <option value="">Any price</option>
            {PRICE_CAPS.map((cap) => (
              <option key={cap} value={cap}>
                Up to ₹{cap.toLocaleString('en-IN')}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 py-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={inStockOnly}
            onChange={(e) => set('stock', e.target.checked ? '1' : undefined)}
          />
          In stock only
        </label>
      </div>
      {products.isPending ? (
        <ProductGridSkeleton />
      ) : products.isError ? (
        <p role="alert">We could not load the products. Please try again.</p>
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 p-8 text-center">
          No products match these filters.
        </p>
      ) : (
        <>
          <ProductGrid
            label="Products"
            products={list}
            priorityCount={4}
            headingLevel={2}
            renderAddToCart={(p) => (
              <AddToCartButton productId={p.id} inStock={p.in_stock} stock={p.stock_quantity} />
            )}
          />
          <LoadMore query={products} shown={list.length} />
        </>
      )}
    </section>
  );
}
