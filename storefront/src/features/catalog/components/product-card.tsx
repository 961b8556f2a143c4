import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { RatingSummary } from '@/components/ui/star-rating';
import { paths } from '@/config/paths';
import type { Product } from '@/features/catalog/api/products';
import { ChooseOptionsLink } from '@/features/catalog/components/choose-options-link';
import { ProductImage } from '@/features/catalog/components/product-image';
import { hasOptions } from '@/features/catalog/has-options';
import { IMAGE_SIZES } from '@/features/catalog/image-sources';
import { priceLine } from '@/features/catalog/price-line';

/**
 * A product in a grid; `action` is what the page puts under it (Add to Cart, Remove…). Its name is a
 * heading one level below the grid's own (h2 right under a page's h1, h3 under a section's h2).
 */
export function ProductCard({
  product,
  action,
  priority,
  headingLevel = 3,
}: {
  product: Product;
  action?: ReactNode;
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const price = priceLine(product);
  const discount = price.discount;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <Link
        to={paths.product(product.id)}
        className="group flex flex-1 flex-col focus-visible:outline-2 focus-visible:outline-amber-700"
      >
        <div className="relative aspect-square bg-stone-100">
          <ProductImage
            id={product.id}
            src={product.image_url}
            alt=""
            priority={priority}
            sizes={IMAGE_SIZES.card}
            className="size-full object-cover transition group-hover:scale-105"
          />
          {discount > 0 && (
            <span className="absolute top-2 left-2 rounded bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
              {discount}% OFF
            </span>
          )}
          {!product.in_stock && (
            <span className="absolute top-2 right-2 rounded bg-stone-800 px-2 py-0.5 text-xs font-bold text-white">
              Out of Stock
            </span>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          {product.category && <p className="text-xs text-stone-600 uppercase">{product.category.name}</p>}
          <Heading className="font-semibold text-stone-900 group-hover:text-amber-800">
            {product.name}
          </Heading>
          <p className="text-sm text-stone-700">
            <RatingSummary rating={product.rating} count={product.review_count} />
          </p>
          {/* Wraps rather than overflows: on a 360 px phone a card is ~130 px wide inside. */}
          <p data-testid="card-price-line" className="mt-auto flex min-w-0 flex-wrap items-baseline gap-x-2">
            {price.from && <span className="text-sm text-stone-600">from</span>}
            <span
              data-testid="card-price"
              className="text-base font-bold whitespace-nowrap text-stone-900 sm:text-lg"
            >
              {price.price}
            </span>
            {price.original && (
              <s className="text-sm whitespace-nowrap text-stone-600">
                <span className="sr-only">Original price </span>
                {price.original}
              </s>
            )}
          </p>
        </div>
      </Link>
      {action && <div className="p-3 pt-0">{action}</div>}
    </article>
  );
}

export function ProductGridSkeleton({
  count = 8,
  label = 'Loading products',
}: {
  count?: number;
  label?: string;
}) {
  return (
    <ul aria-busy="true" aria-label={label} className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="aspect-[3/4] animate-pulse rounded-xl bg-stone-200" />
      ))}
    </ul>
  );
}

export function ProductGrid({
  products,
  label,
  renderAddToCart,
  priorityCount = 0,
  headingLevel,
}: {
  products: Product[];
  label: string;
  /**
   * The page's Add to Cart for a product sold as one variant; a product with options gets a Choose
   * options link instead (its default variant may be sold out while another is in stock).
   */
  renderAddToCart?: (p: Product) => ReactNode;
  /** How many of the first cards are above the fold: loaded at once, not lazily. */
  priorityCount?: number;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard
            product={p}
            action={
              renderAddToCart &&
              (hasOptions(p) ? <ChooseOptionsLink productId={p.id} name={p.name} /> : renderAddToCart(p))
            }
            priority={i < priorityCount}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
