import { useQuery } from '@tanstack/react-query';
import { productQueries } from '@/features/catalog/api/products';
import { ProductGrid } from '@/features/catalog/components/product-card';

/** Up to 4 of the category's newest: 5 asked for, in case this product is one of them. */
export function RelatedProducts({ productId, categoryId }: { productId: number; categoryId: number }) {
  const { data } = useQuery(productQueries.list({ categoryId, limit: 5 }));
  const related = (data ?? []).filter((p) => p.id !== productId).slice(0, 4);
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="mt-12">
      <h2 id="related-title" className="mb-4 text-2xl font-semibold">
        Related Products
      </h2>
      <ProductGrid label="Related products" products={related} />
    </section>
  );
}
