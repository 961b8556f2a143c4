import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Heart, RotateCcw, ShieldCheck, Star, Truck, Zap } from 'lucide-react';
import { STORE_NAME } from 'shared/config';
import { FREE_DELIVERY_THRESHOLD } from 'shared/pricing/delivery';
import { discountPercent } from 'shared/pricing/discount';
import { formatINR } from 'shared/pricing/format';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/hooks/use-session';
import { productQueries, productSpecifications, type Product } from '@/features/catalog/api/products';
import { ProductGrid } from '@/features/catalog/components/product-card';
import { ProductImage } from '@/features/catalog/components/product-image';
import { IMAGE_SIZES } from '@/features/catalog/image-sources';
import { useCartStore } from '@/features/cart/cart-store';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { useAddToWishlist } from '@/features/wishlist/api/wishlist';
import { usePageTitle } from '@/lib/use-page-title';

const INFO_CARDS = [
  { icon: Truck, title: 'Free Delivery', text: `On orders of ${formatINR(FREE_DELIVERY_THRESHOLD)} or more` },
  { icon: ShieldCheck, title: '1-Year Warranty', text: 'Against manufacturing defects' },
  { icon: RotateCcw, title: '30-Day Returns', text: 'Easy returns and refunds' },
];

function stockText(p: Product) {
  if (!p.in_stock || p.stock_quantity <= 0) return 'Out of stock';
  if (p.stock_quantity <= 5) return `Only ${p.stock_quantity} left in stock`;
  return `In stock (${p.stock_quantity} available)`;
}

function JsonLd({ product }: { product: Product }) {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description ?? undefined,
    image: product.image_url ? new URL(product.image_url, window.location.origin).href : undefined,
    sku: product.slug,
    brand: { '@type': 'Brand', name: STORE_NAME },
    aggregateRating: product.review_count
      ? { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: product.review_count }
      : undefined,
    offers: {
      '@type': 'Offer',
      price: product.price.toFixed(2),
      priceCurrency: 'INR',
      availability: product.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  return <script type="application/ld+json">{JSON.stringify(data)}</script>;
}

function WishlistButton({ productId }: { productId: number }) {
  const user = useUser();
  const navigate = useNavigate();
  const add = useAddToWishlist(user?.id ?? '');
  return (
    <button
      type="button"
      disabled={add.isPending}
      onClick={() => {
        if (!user) {
          toast.info('Please login to add items to your wishlist.', {
            action: { label: 'Login', onClick: () => navigate(paths.login) },
          });
          return;
        }
        add.mutate(productId, {
          onSuccess: (r) => toast.success(r === 'added' ? 'Added to wishlist!' : 'Already in your wishlist.'),
        });
      }}
      className="inline-flex items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-3 font-medium hover:bg-stone-100"
    >
      <Heart aria-hidden="true" className="size-5" />
      Add to Wishlist
    </button>
  );
}

/** Up to 4 of the category's newest: 5 asked for, in case this product is one of them. */
function Related({ product }: { product: Product }) {
  const { data } = useQuery(productQueries.list({ categoryId: product.category_id, limit: 5 }));
  const related = (data ?? []).filter((p) => p.id !== product.id).slice(0, 4);
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

export function Component() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: product, isPending, isError } = useQuery(productQueries.detail(id));
  const add = useCartStore((s) => s.add);
  usePageTitle(product?.name ?? (isPending ? '' : 'Product Not Found'), product?.description ?? undefined);

  if (isPending) return <PageSpinner />;
  if (isError) return <p role="alert">We could not load this product. Please try again.</p>;
  if (!product) {
    return (
      <section className="py-16 text-center">
        <h1 className="text-2xl font-semibold">Product Not Found</h1>
        <p className="mt-2 text-stone-600">
          The product you are looking for does not exist or has been removed.
        </p>
        <Link
          to={paths.home}
          className="mt-6 inline-block rounded-lg bg-amber-800 px-4 py-2 font-medium text-white hover:bg-amber-900"
        >
          Go Back Home
        </Link>
      </section>
    );
  }

  const discount = discountPercent(product.price, product.original_price);
  const soldOut = !product.in_stock || product.stock_quantity <= 0;
  const specs = productSpecifications(product.specifications);
  const features = specs.features;
  const details: [string, string | null | undefined][] = [
    ['Material', product.material],
    ['Dimensions', product.dimensions],
    ['Color', product.color],
    ['Weight', product.weight],
    ['Warranty', specs.warranty],
    ['Assembly', specs.assembly],
  ];

  return (
    <>
      <JsonLd product={product} />
      <button
        type="button"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.home))}
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-stone-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Back
      </button>
      <article className="grid gap-8 md:grid-cols-2">
        <div className="overflow-hidden rounded-2xl bg-stone-100">
          <ProductImage
            id={product.id}
            src={product.image_url}
            alt={product.name}
            priority
            sizes={IMAGE_SIZES.detail}
            className="aspect-square w-full object-cover"
          />
        </div>
        <div>
          {product.category && (
            <Link
              to={paths.category(product.category.slug)}
              className="inline-block rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900 uppercase"
            >
              {product.category.name}
            </Link>
          )}
          <h1 className="mt-2 text-3xl font-bold">{product.name}</h1>
          <p className="mt-2 flex items-center gap-1 text-stone-700">
            <Star aria-hidden="true" className="size-5 fill-amber-500 text-amber-500" />
            <span>
              {product.rating.toFixed(1)} ({product.review_count} reviews)
            </span>
          </p>
          <p className="mt-4 flex flex-wrap items-baseline gap-3">
            <span className="text-3xl font-bold">{formatINR(product.price)}</span>
            {discount > 0 && product.original_price != null && (
              <>
                <s className="text-lg text-stone-600">
                  <span className="sr-only">Original price </span>
                  {formatINR(product.original_price)}
                </s>
                <span className="rounded bg-red-700 px-2 py-0.5 text-sm font-bold text-white">
                  {discount}% OFF
                </span>
              </>
            )}
          </p>
          <p className={`mt-2 font-medium ${soldOut ? 'text-red-700' : 'text-green-800'}`}>
            {stockText(product)}
          </p>
          {product.description && <p className="mt-4 text-stone-700">{product.description}</p>}
          {features.length > 0 && (
            <>
              <h2 className="mt-6 text-lg font-semibold">Features</h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-700">
                {features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </>
          )}
          <h2 className="mt-6 text-lg font-semibold">Details</h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {details
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="font-medium text-stone-600">{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
          </dl>
          <div className="mt-6 grid gap-3 sm:grid-cols-3">
            <AddToCartButton
              productId={product.id}
              inStock={product.in_stock}
              stock={product.stock_quantity}
              color={product.color ?? undefined}
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-amber-800 px-4 py-3 font-medium text-white hover:bg-amber-900 disabled:cursor-not-allowed disabled:bg-stone-400"
            />
            <button
              type="button"
              disabled={soldOut}
              onClick={() => {
                add({
                  productId: product.id,
                  color: product.color ?? undefined,
                  max: product.stock_quantity,
                });
                navigate(paths.checkout);
              }}
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-stone-900 px-4 py-3 font-medium text-white hover:bg-stone-800 disabled:cursor-not-allowed disabled:bg-stone-400"
            >
              <Zap aria-hidden="true" className="size-5" />
              Buy Now
            </button>
            <WishlistButton productId={product.id} />
          </div>
          <ul className="mt-6 grid gap-3 sm:grid-cols-3">
            {INFO_CARDS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-stone-200 bg-white p-3 text-center">
                <Icon aria-hidden="true" className="mx-auto size-6 text-amber-800" />
                <p className="mt-1 text-sm font-semibold">{title}</p>
                <p className="text-xs text-stone-600">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </article>
      <Related product={product} />
    </>
  );
}
