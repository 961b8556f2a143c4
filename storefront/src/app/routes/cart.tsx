import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ShoppingBag } from 'lucide-react';
import { formatINR } from 'shared/pricing/format';
import { Link, useNavigate } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { CartLineItem } from '@/app/components/cart-line-item';
import { useCartStore } from '@/features/cart/cart-store';
import { storeSettingsQueries } from '@/features/store/api/store-settings';
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
          {cart.lines.map((priced) => (
            <CartLineItem
              key={priced.line.key}
              priced={priced}
              twice={cart.lines.filter((l) => l.product.id === priced.product.id).length > 1}
              perLine={perLine}
              undeliverable={undeliverable.get(priced.variant.id)}
            />
          ))}
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
