import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { categoryQueries, findCategory, slugFromParam } from '@/features/catalog/api/categories';
import { productQueries } from '@/features/catalog/api/products';
import { LoadMore, loadedProducts } from '@/features/catalog/components/load-more';
import { ProductGrid, ProductGridSkeleton } from '@/features/catalog/components/product-card';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { usePageTitle } from '@/lib/use-page-title';

function titleCase(s: string) {
  return decodeURIComponent(s)
    .replace(/-/g, ' ')
    .replace(/\b\w/g, (c) => c.toUpperCase());
}

export function Component() {
  const { category: param = '' } = useParams();
  const slug = slugFromParam(param);
  // One request in the common case: the first page of the category's products by the slug the URL
  // names, each with its category (name, description for the heading).
  const bySlug = useInfiniteQuery(productQueries.pages({ categorySlug: slug }));
  const first = loadedProducts(bySlug)[0];
  // Only when that finds nothing, the category list says whether the category is empty, unknown, or
  // named in the URL by its name rather than its slug (then its products by the real slug).
  const categories = useQuery({ ...categoryQueries.list(), enabled: bySlug.isSuccess && !first });
  const listed = categories.data ? findCategory(categories.data, param) : undefined;
  const otherSlug = listed && listed.slug !== slug ? listed.slug : undefined;
  const byOtherSlug = useInfiniteQuery({
    ...productQueries.pages({ categorySlug: otherSlug ?? '' }),
    enabled: otherSlug !== undefined,
  });
  const products = otherSlug ? byOtherSlug : bySlug;
  const category = first?.category ?? loadedProducts(byOtherSlug)[0]?.category ?? listed;
  const name = category?.name ?? titleCase(param);
  usePageTitle(`${name} Collection`, `Shop ${name} at FurniCraft, delivered across India.`);

  // Nothing (not even a skeleton) before the category and its description are known: they would push
  // the grid down when they appear (a layout shift).
  const known = first !== undefined || categories.isSuccess || categories.isError || bySlug.isError;
  const list = loadedProducts(products);

  return (
    <section aria-labelledby="category-title">
      <h1 id="category-title" className="mb-2 text-3xl font-bold">
        {name} Collection
      </h1>
      {category?.description && <p className="mb-6 text-stone-600">{category.description}</p>}
      {!known ? null : products.isPending ? (
        <ProductGridSkeleton />
      ) : categories.isError || products.isError ? (
        <p role="alert">We could not load this collection. Please try again.</p>
      ) : list.length === 0 ? (
        <div className="rounded-xl border border-dashed border-stone-300 p-10 text-center">
          <h2 className="text-xl font-semibold">No products found</h2>
          <p className="mt-2 text-stone-600">
            We are adding more products to this category soon. Please check back later.
          </p>
          <Link
            to={paths.allCategories}
            className="mt-4 inline-block font-medium text-amber-800 hover:underline"
          >
            Browse all categories
          </Link>
        </div>
      ) : (
        <>
          <ProductGrid
            label={`${name} products`}
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
