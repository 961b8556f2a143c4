import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Heart, RotateCcw, ShieldCheck, Star, Truck, Zap } from 'lucide-react';
import { FREE_DELIVERY_THRESHOLD } from 'shared/pricing/delivery';
import { formatINR } from 'shared/pricing/format';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/hooks/use-session';
import {
  productKeys,
  productQueries,
  productSpecifications,
  type ProductDetail,
  type ProductVariant,
} from '@/features/catalog/api/products';
import { NotifyMe } from '@/features/catalog/components/notify-me';
import { ProductGrid } from '@/features/catalog/components/product-card';
import { ProductGallery } from '@/features/catalog/components/product-gallery';
import { ProductPrice } from '@/features/catalog/components/product-price';
import { VariantPicker } from '@/features/catalog/components/variant-picker';
import { useSelectedVariant } from '@/features/catalog/hooks/use-selected-variant';
import { productJsonLd } from '@/features/catalog/product-json-ld';
import { leadTimeText, stockStatus } from '@/features/catalog/stock-status';
import { useCartStore } from '@/features/cart/cart-store';
import { AddToCartButton, type CartVariant } from '@/features/cart/components/add-to-cart-button';
import { variantMax } from '@/features/cart/price-cart';
import { useAddToWishlist } from '@/features/wishlist/api/wishlist';
import { usePageTitle } from '@/lib/use-page-title';

const INFO_CARDS = [
  { icon: Truck, title: 'Free Delivery', text: `On orders of ${formatINR(FREE_DELIVERY_THRESHOLD)} or more` },
  { icon: ShieldCheck, title: '1-Year Warranty', text: 'Against manufacturing defects' },
  { icon: RotateCcw, title: '30-Day Returns', text: 'Easy returns and refunds' },
];

const STOCK_COLOURS = {
  'in-stock': 'text-green-800',
  low: 'text-amber-800',
  'made-to-order': 'text-stone-800',
  out: 'text-red-700',
} as const;

/** Where a visitor goes to sign in and come back to this very page (with its variant). */
function useLoginAndBack() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return () => navigate(`${paths.login}?redirect=${encodeURIComponent(pathname + search)}`);
}

function WishlistButton({ productId, variantId }: { productId: number; variantId: number | null }) {
  const user = useUser();
  const login = useLoginAndBack();
  const add = useAddToWishlist(user?.id ?? '');
  return (
    <button
      type="button"
      disabled={add.isPending}
      onClick={() => {
        if (!user) {
          toast.info('Please login to add items to your wishlist.', {
            action: { label: 'Login', onClick: login },
          });
          return;
        }
        add.mutate(
          { productId, variantId },
          {
            onSuccess: (r) =>
              toast.success(r === 'added' ? 'Added to wishlist!' : 'Already in your wishlist.'),
          },
        );
      }}
      className="inline-flex items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-3 font-medium hover:bg-stone-100"
    >
      <Heart aria-hidden="true" className="size-5" />
      Add to Wishlist
    </button>
  );
}

/** Up to 4 of the category's newest: 5 asked for, in case this product is one of them. */
function Related({ product }: { product: ProductDetail }) {
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

function NotFound() {
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

export function Component() {
  const { id = '' } = useParams();
  const { data: product, isPending, isError } = useQuery(productQueries.detail(id));
  usePageTitle(product?.name ?? (isPending ? '' : 'Product Not Found'), product?.description ?? undefined);
  if (isPending) return <PageSpinner />;
  if (isError) return <p role="alert">We could not load this product. Please try again.</p>;
  if (!product) return <NotFound />;
  return <ProductPage product={product} routeId={id} />;
}

function ProductPage({ product, routeId }: { product: ProductDetail; routeId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser();
  const login = useLoginAndBack();
  const add = useCartStore((s) => s.add);
  const { variant, select } = useSelectedVariant(product.variants);
  const specs = productSpecifications(product.specifications);
  // No active variant: the product is listed but cannot be bought (as a sold-out product).
  const price = variant?.price ?? product.price;
  const originalPrice = variant ? variant.original_price : product.original_price;
  const stock = variant ? stockStatus(variant) : { kind: 'out' as const, text: 'Out of stock' };
  const leadTime = variant ? leadTimeText(variant) : null;
  const images = variantImages(product, variant);
  const cartVariant: CartVariant | undefined = variant && {
    id: variant.id,
    title: variant.title,
    sku: variant.sku,
    madeToOrder: variant.made_to_order,
    available: variant.available_quantity ?? 0,
  };
  const details: [string, string | null | undefined][] = [
    ['Material', product.material],
    ['Dimensions', variant?.dimensions ?? product.dimensions],
    ['Color', product.options.length === 0 ? product.color : null],
    ['Weight', variant?.weight ?? product.weight],
    ['SKU', variant?.sku],
    ['Warranty', specs.warranty],
    ['Assembly', specs.assembly],
  ];

  return (
    <>
      <script type="application/ld+json">
        {JSON.stringify(productJsonLd(product, window.location.origin))}
      </script>
      <button
        type="button"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.home))}
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-stone-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Back
      </button>
      <article className="grid gap-8 md:grid-cols-2">
        <ProductGallery productId={product.id} images={images} alt={product.name} />
        <div className="min-w-0">
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
          <ProductPrice price={price} originalPrice={originalPrice} />
          <p data-testid="stock-status" className={`mt-2 font-medium ${STOCK_COLOURS[stock.kind]}`}>
            {stock.text}
          </p>
          {leadTime && <p className="text-sm text-stone-700">{leadTime}</p>}
          {variant && product.options.length > 0 && (
            <VariantPicker
              options={product.options}
              variants={product.variants}
              selected={variant}
              onSelect={select}
            />
          )}
          {variant && stock.kind === 'out' && (
            <NotifyMe
              variantId={variant.id}
              signedIn={Boolean(user)}
              onLoginNeeded={login}
              onInStock={() => void queryClient.invalidateQueries({ queryKey: productKeys.detail(routeId) })}
            />
          )}
          <div className="mt-6 grid gap-3 sm:grid-cols-3">
            <AddToCartButton
              productId={product.id}
              variant={cartVariant}
              inStock={Boolean(variant)}
              stock={0}
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-amber-800 px-4 py-3 font-medium text-white hover:bg-amber-900 disabled:cursor-not-allowed disabled:bg-stone-400"
            />
            <button
              type="button"
              disabled={!variant || stock.kind === 'out'}
              onClick={() => {
                if (!variant) return;
                add({
                  productId: product.id,
                  variantId: variant.id,
                  variantTitle: variant.title,
                  sku: variant.sku,
                  max: variantMax(variant),
                });
                navigate(paths.checkout);
              }}
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-stone-900 px-4 py-3 font-medium text-white hover:bg-stone-800 disabled:cursor-not-allowed disabled:bg-stone-400"
            >
              <Zap aria-hidden="true" className="size-5" />
              Buy Now
            </button>
            <WishlistButton productId={product.id} variantId={variant?.id ?? null} />
          </div>
          {product.description && <p className="mt-6 text-stone-700">{product.description}</p>}
          {specs.features.length > 0 && (
            <>
              <h2 className="mt-6 text-lg font-semibold">Features</h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-700">
                {specs.features.map((f) => (
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
                  <dd data-testid={`detail-${k.toLowerCase()}`}>{v}</dd>
                </div>
              ))}
          </dl>
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

/** The variant's own pictures, else the product's (its main picture first, then its gallery). */
function variantImages(product: ProductDetail, variant: ProductVariant | undefined): string[] {
  if (variant?.images?.length) return variant.images;
  const all = [product.image_url, ...(product.images ?? [])].filter((s): s is string => Boolean(s));
  return [...new Set(all)];
}
