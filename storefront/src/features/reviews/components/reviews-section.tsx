import { lazy, Suspense } from 'react';
import { useNearViewport } from '@/lib/use-near-viewport';

// The reviews' code and requests wait until the section nears the viewport: the product page's first
// paint and its picture never share the network with them.
const ProductReviews = lazy(() =>
  import('@/features/reviews/components/product-reviews').then((m) => ({ default: m.ProductReviews })),
);

/** The product page's "Customer reviews" (the product summary's rating links here: #reviews). */
export function ReviewsSection(props: { productId: number; rating: number | null; reviewCount: number }) {
  const [ref, near] = useNearViewport<HTMLElement>('200px');
  return (
    <section
      ref={ref}
      id="reviews"
      aria-labelledby="reviews-title"
      className="mt-12 scroll-mt-24 border-t border-stone-200 pt-8"
    >
      <h2 id="reviews-title" className="mb-4 text-2xl font-bold">
        Customer reviews
      </h2>
      {props.rating === null || props.reviewCount === 0 ? (
        <p className="text-stone-700">No reviews yet</p>
      ) : near ? (
        <Suspense fallback={<div aria-hidden="true" className="h-40" />}>
          <ProductReviews {...props} />
        </Suspense>
      ) : (
        <div aria-hidden="true" className="h-40" />
      )}
    </section>
  );
}
