import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Minus, Plus, ShoppingBag, Trash2 } from 'lucide-react';
import { nameWithVariant, shownVariantTitle } from 'shared/catalog/variant-title';
import { formatINR } from 'shared/pricing/format';
import { Link, useNavigate } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { ProductImage } from '@/features/catalog/components/product-image';
import { IMAGE_SIZES } from '@/features/catalog/image-sources';
import { useCartStore } from '@/features/cart/cart-store';
import { storeSettingsQueries } from '@/features/checkout/api/store-settings';
import { DeliveryEstimate } from '@/features/delivery/components/delivery-estimate';
import { PincodeBox } from '@/features/delivery/components/pincode-box';
import { usePincodeStore } from '@/features/delivery/pincode-store';
import { undeliverableLines } from '@/features/delivery/quote-text';
import { usePricedCart } from '@/app/hooks/use-priced-cart';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  usePageTitle('Your Cart', 'Your FurniCraft shopping cart.');
  // The remembered pincode (product page, checkout) until one is checked here; it sets the fee and dates.
  const remembered = usePincodeStore((s) => s.pincode);
  const remember = usePincodeStore((s) => s.remember);
  const [checked, setChecked] = useState<string | null>(null);
  const pincode = checked ?? remembered;
  const { lines, products, cart, delivery } = usePricedCart(undefined, pincode);
  const setQty = useCartStore((s) => s.setQty);
  const remove = useCartStore((s) => s.remove);
  const navigate = useNavigate();
  // The store's per-order limit on one product (place_order enforces it; the cart only previews).
  const perLine = useQuery({ ...storeSettingsQueries.checkoutRules(), enabled: lines.length > 0 }).data
    ?.max_quantity_per_line;

  if (lines.length === 0) {
    return (
      <section className="py-16 text-center">
        <ShoppingBag aria-hidden="true" className="mx-auto size-16 text-stone-400" />
        <h1 className="mt-4 text-2xl font-semibold">Your cart is empty</h1>
        <p className="mt-2 text-stone-600">Looks like you have not added anything yet.</p>
        <Link
          to={paths.home}
          className="mt-6 inline-block rounded-lg bg-amber-800 px-4 py-2 font-medium text-white hover:bg-amber-900"
        >
          Continue Shopping
        </Link>
      </section>
    );
  }
  if (products.isError) return <p role="alert">We could not load your cart. Please try again.</p>;
  if (!cart) return <PageSpinner />;
  const { subtotal, deliveryFee: fee, total } = cart.summary;
  const hint = cart.freeDeliveryHint;
  const undeliverable = undeliverableLines(delivery.data);

  return (
    <section aria-labelledby="cart-title">
      <h1 id="cart-title" className="mb-6 text-3xl font-bold">
        Shopping Cart
      </h1>
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <ul aria-label="Cart items" className="space-y-4">
          {cart.lines.map(({ line, product, variant, max: stock, total: lineTotal }) => {
            // The variant's available stock (none for made to order) and the store's per-order limit.
            const max = Math.min(stock ?? Infinity, perLine ?? Infinity);
            const title = shownVariantTitle(variant.title);
            // Two variants of one product are two lines: their controls are then named apart by variant.
            const twice = cart.lines.filter((l) => l.product.id === product.id).length > 1;
            const name = twice ? nameWithVariant(product.name, variant.title) : product.name;
            return (
              <li key={line.key} className="flex gap-4 rounded-xl border border-stone-200 bg-white p-4">
                <ProductImage
                  key={variant.id}
                  id={product.id}
                  src={variant.images?.[0] ?? product.image_url}
                  alt=""
                  sizes={IMAGE_SIZES.thumb}
                  className="size-24 shrink-0 rounded-lg object-cover"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <div className="flex justify-between gap-2">
                    <div className="min-w-0">
                      <Link
                        to={`${paths.product(product.id)}?variant=${encodeURIComponent(variant.sku)}`}
                        className="font-semibold hover:underline"
                      >
                        {product.name}
                      </Link>
                      {title && (
                        <p className="text-sm text-stone-700" data-testid="line-variant">
                          {title}
                        </p>
                      )}
                      <p className="text-xs text-stone-600">SKU {variant.sku}</p>
                      <p className="text-sm text-stone-600">{formatINR(variant.price)} each</p>
                      {undeliverable.has(variant.id) && (
                        <p className="text-sm font-medium text-red-700" data-testid="line-undeliverable">
                          {undeliverable.get(variant.id)}
                        </p>
                      )}
                      {stock !== undefined && line.qty > stock && (
                        <p className="text-sm font-medium text-red-700">
                          {stock === 0 ? 'Out of stock' : `Only ${stock} left`}
                        </p>
                      )}
                    </div>
                    <button
                      type="button"
                      aria-label={`Remove ${name}`}
                      onClick={() => remove(line.key)}
                      className="self-start rounded p-2 text-stone-600 hover:bg-red-50 hover:text-red-700"
                    >
                      <Trash2 aria-hidden="true" className="size-5" />
                    </button>
                  </div>
                  <div className="mt-auto flex items-center justify-between">
                    <div className="flex items-center gap-2">
                      <button
                        type="button"
                        aria-label={`Decrease quantity of ${name}`}
                        onClick={() => setQty(line.key, line.qty - 1, max)}
                        className="rounded border border-stone-300 p-1 hover:bg-stone-100"
                      >
                        <Minus aria-hidden="true" className="size-4" />
                      </button>
                      <span aria-label={`Quantity of ${name}`} className="w-8 text-center font-medium">
                        {line.qty}
                      </span>
                      <button
                        type="button"
                        aria-label={`Increase quantity of ${name}`}
                        disabled={line.qty >= max}
                        onClick={() => setQty(line.key, line.qty + 1, max)}
                        className="rounded border border-stone-300 p-1 hover:bg-stone-100 disabled:opacity-40"
                      >
                        <Plus aria-hidden="true" className="size-4" />
                      </button>
                      {perLine !== undefined && line.qty >= perLine && (
                        <span className="text-xs text-stone-600">At most {perLine} per order</span>
                      )}
                    </div>
                    <p className="font-semibold" data-testid="line-total">
                      {formatINR(lineTotal)}
                    </p>
                  </div>
                </div>
              </li>
            );
          })}
          {cart.unavailable.map((line) => (
            <li
              key={line.key}
              className="flex items-center justify-between gap-4 rounded-xl border border-red-200 bg-red-50 p-4"
            >
              <p className="text-sm text-red-900">
                {line.variantTitle ? `“${line.variantTitle}”` : 'An item'} is no longer available.
              </p>
              <button
                type="button"
                onClick={() => remove(line.key)}
                className="rounded border border-red-300 bg-white px-3 py-1 text-sm font-medium text-red-800 hover:bg-red-100"
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <aside
          aria-labelledby="summary-title"
          className="h-fit rounded-xl border border-stone-200 bg-white p-5"
        >
          <h2 id="summary-title" className="text-xl font-semibold">
            Order Summary
          </h2>
          <dl className="mt-4 space-y-2 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd data-testid="subtotal">{formatINR(subtotal)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Delivery Fee</dt>
              <dd data-testid="delivery-fee">{fee === 0 ? 'FREE' : formatINR(fee)}</dd>
            </div>
            <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold">
              <dt>Total</dt>
              <dd data-testid="total">{formatINR(total)}</dd>
            </div>
          </dl>
          <div className="mt-4 border-t border-stone-200 pt-4">
            <PincodeBox
              label="Delivery pincode"
              value={pincode}
              onCheck={(p) => {
                setChecked(p);
                remember(p);
              }}
            />
            <DeliveryEstimate
              quote={delivery.data}
              checking={delivery.isFetching}
              failed={delivery.isError}
            />
          </div>
          {hint > 0 && (
            <p className="mt-3 rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
              Add {formatINR(hint)} more for free delivery!
            </p>
          )}
          <button
            type="button"
            onClick={() => navigate(paths.checkout)}
            className="mt-4 w-full rounded-lg bg-amber-800 px-4 py-3 font-medium text-white hover:bg-amber-900"
          >
            Proceed to Checkout
          </button>
          <Link
            to={paths.home}
            className="mt-2 block text-center text-sm font-medium text-amber-800 hover:underline"
          >
            Continue Shopping
          </Link>
        </aside>
      </div>
    </section>
  );
}
