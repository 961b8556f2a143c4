import { useQuery } from '@tanstack/react-query';
import { Heart, Trash2 } from 'lucide-react';
import { shownVariantTitle } from 'shared/catalog/variant-title';
import { discountPercent } from 'shared/pricing/discount';
import { formatINR } from 'shared/pricing/format';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { useSessionReady, useUser } from '@/features/auth/hooks/use-session';
import { ChooseOptionsLink } from '@/features/catalog/components/choose-options-link';
import { ProductImage } from '@/features/catalog/components/product-image';
import { hasOptions } from '@/features/catalog/has-options';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { useRemoveFromWishlist, wishlistQueries } from '@/features/wishlist/api/wishlist';
import { usePageTitle } from '@/lib/use-page-title';

function LoginPrompt() {
  return (
    <section className="py-16 text-center">
      <Heart aria-hidden="true" className="mx-auto size-16 text-stone-400" />
      <h1 className="mt-4 text-2xl font-semibold">Please login to view your wishlist</h1>
      <p className="mt-2 text-stone-600">Save the pieces you love and find them here on any device.</p>
      <Link
        to={paths.login}
        className="mt-6 inline-block rounded-lg bg-amber-800 px-4 py-2 font-medium text-white hover:bg-amber-900"
      >
        Login
      </Link>
    </section>
  );
}

function WishlistGrid({ userId }: { userId: string }) {
  const { data, isPending, isError } = useQuery(wishlistQueries.list(userId));
  const remove = useRemoveFromWishlist(userId);
  if (isPending) return <PageSpinner />;
  if (isError) return <p role="alert">We could not load your wishlist. Please try again.</p>;
  if (data.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-stone-300 p-10 text-center">
        <p className="text-lg font-semibold">Your wishlist is empty</p>
        <Link to={paths.products} className="mt-3 inline-block font-medium text-amber-800 underline">
          Browse products
        </Link>
      </div>
    );
  }
  return (
    <ul aria-label="Wishlist items" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {data.map(({ id, product, variant: saved }) => {
        // The variant it was saved in, while it is still sold; else the product as a whole.
        const variant = saved?.is_active ? saved : null;
        const price = variant?.price ?? product.price;
        const originalPrice = variant ? variant.original_price : product.original_price;
        const discount = discountPercent(price, originalPrice);
        // Saved without a variant, a product whose variants differ in price starts "from" its lowest.
        const from = !variant && product.price_max != null && product.price_max > product.price;
        // A choice other than the product's default is named and linked to; the default is the product.
        const chosen = variant && !variant.is_default ? variant : null;
        const title = shownVariantTitle(chosen?.title);
        const href = chosen
          ? `${paths.product(product.id)}?variant=${encodeURIComponent(chosen.sku)}`
          : paths.product(product.id);
        return (
          <li key={id} className="flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white">
            <div className="relative">
              <ProductImage
                id={product.id}
                src={variant?.images?.[0] ?? product.image_url}
                alt=""
                className="aspect-square w-full object-cover"
              />
              <button
                type="button"
                aria-label={`Remove ${product.name} from wishlist`}
                onClick={() =>
                  remove.mutate(id, {
                    onSuccess: () => toast.success('Removed from wishlist!'),
                  })
                }
                className="absolute top-2 right-2 rounded-full bg-white p-2 text-red-700 shadow hover:bg-red-50"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </div>
            <div className="flex flex-1 flex-col gap-2 p-3">
              <h2 className="font-semibold">{product.name}</h2>
              {title && (
                <p className="text-sm text-stone-700" data-testid="wishlist-variant">
                  {title}
                </p>
              )}
              <p className="flex flex-wrap items-baseline gap-x-2">
                {from && <span className="text-sm text-stone-600">from</span>}
                <span className="font-bold whitespace-nowrap">{formatINR(price)}</span>
                {discount > 0 && originalPrice != null && (
                  <s className="text-sm whitespace-nowrap text-stone-600">
                    <span className="sr-only">Original price </span>
                    {formatINR(originalPrice)}
                  </s>
                )}
              </p>
              <div className="mt-auto space-y-2">
                {/* Saved without a variant (or its variant is gone), a product with options is chosen on its page. */}
                {!variant && hasOptions(product) ? (
                  <ChooseOptionsLink productId={product.id} name={product.name} />
                ) : (
                  <AddToCartButton
                    productId={product.id}
                    variant={
                      variant
                        ? {
                            id: variant.id,
                            title: variant.title,
                            sku: variant.sku,
                            madeToOrder: variant.made_to_order,
                            available: variant.available_quantity ?? 0,
                          }
                        : undefined
                    }
                    inStock={product.in_stock}
                    stock={product.stock_quantity}
                  />
                )}
                <Link
                  to={href}
                  className="block rounded-lg border border-stone-300 px-3 py-2 text-center text-sm font-medium hover:bg-stone-100"
                >
                  View Details<span className="sr-only"> of {product.name}</span>
                </Link>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function Component() {
  usePageTitle('My Wishlist', 'The FurniCraft pieces you saved for later.');
  const user = useUser();
  const ready = useSessionReady();
  if (!ready) return <PageSpinner />;
  if (!user) return <LoginPrompt />;
  return (
    <section aria-labelledby="wishlist-title">
      <h1 id="wishlist-title" className="mb-6 text-3xl font-bold">
        My Wishlist
      </h1>
      <WishlistGrid userId={user.id} />
    </section>
  );
}
