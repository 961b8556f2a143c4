import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { categoryQueries, findCategory, slugFromParam } from '@/features/catalog/api/categories';
import { BrowseResults } from '@/features/catalog/components/browse-results';
import { useBrowse } from '@/features/catalog/hooks/use-browse';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { usePageTitle } from '@/lib/use-page-title';

function titleCase(s: string) {
  return decodeURIComponent(s)
    .replace(/-/g, ' ')
    .replace(/\b\w/g, (c) => c.toUpperCase());
}

const SCOPE = {};

export function Component() {
  const { category: param = '' } = useParams();
  const slug = slugFromParam(param);
  // One request in the common case: browse_products by the slug the URL names answers the category
  // (heading, description), the first page, the total and the filters' counts.
  const bySlug = useBrowse({ categorySlug: slug, scope: SCOPE });
  const found = bySlug.first?.category;
  // Only when that names no category, the category list says whether the URL names it by its name
  // rather than its slug (/category/Living%20Room: then its products by the real slug) or not at all.
  const categories = useQuery({ ...categoryQueries.list(), enabled: bySlug.first !== undefined && !found });
  const listed = categories.data ? findCategory(categories.data, param) : undefined;
  const otherSlug = listed && listed.slug !== slug ? listed.slug : undefined;
  const byOtherSlug = useBrowse({ categorySlug: otherSlug, scope: SCOPE, enabled: otherSlug !== undefined });
  const browse = otherSlug ? byOtherSlug : bySlug;
  const category = found ?? byOtherSlug.first?.category ?? listed;
  const name = category?.name ?? titleCase(param);
  usePageTitle(`${name} Collection`, `Shop ${name} at FurniCraft, delivered across India.`);

  // Nothing (not even a skeleton) before the category and its description are known: they would push
  // the grid down when they appear (a layout shift).
  const known = found != null || categories.isSuccess || categories.isError || bySlug.query.isError;

  return (
    <section aria-labelledby="category-title">
      <h1 id="category-title" className="mb-2 text-3xl font-bold">
        {name} Collection
      </h1>
      {category?.description && <p className="mb-6 text-stone-600">{category.description}</p>}
      {known && (
        <BrowseResults
          browse={browse}
          scope={SCOPE}
          label={`${name} products`}
          errorMessage="We could not load this collection. Please try again."
          renderAddToCart={(p) => (
            <AddToCartButton productId={p.id} inStock={p.in_stock} stock={p.stock_quantity} />
          )}
          empty={
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
          }
        />
      )}
    </section>
  );
}
