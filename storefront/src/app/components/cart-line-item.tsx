import { Minus, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { nameWithVariant, shownVariantTitle } from 'shared/catalog/variant-title';
import { formatINR } from 'shared/pricing/format';
import type { usePricedCart } from '@/app/hooks/use-priced-cart';
import { paths } from '@/config/paths';
import { ProductImage } from '@/features/catalog/components/product-image';
import { IMAGE_SIZES } from '@/features/catalog/image-sources';
import { useCartStore } from '@/features/cart/cart-store';

type PricedLine = NonNullable<ReturnType<typeof usePricedCart>['cart']>['lines'][number];

interface Props {
  priced: PricedLine;
  /** Two lines of one product: their controls are then named apart by variant. */
  twice: boolean;
  /** The store's per-order limit on one product (place_order enforces it; the cart only previews). */
  perLine: number | undefined;
  /** Why this line cannot be delivered to the cart's pincode (check_delivery), if it cannot. */
  undeliverable: string | undefined;
}

/** One line of the cart page: picture, name and variant, price, stock and delivery problems, quantity. */
export function CartLineItem({ priced, twice, perLine, undeliverable }: Props) {
  const { line, product, variant, max: stock, total: lineTotal } = priced;
  const setQty = useCartStore((s) => s.setQty);
  const remove = useCartStore((s) => s.remove);
  // The variant's available stock (none for made to order) and the store's per-order limit.
  const max = Math.min(stock ?? Infinity, perLine ?? Infinity);
  const title = shownVariantTitle(variant.title);
  const name = twice ? nameWithVariant(product.name, variant.title) : product.name;
  return (
    <li className="flex gap-4 rounded-xl border border-stone-200 bg-white p-4">
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
            {undeliverable && (
              <p className="text-sm font-medium text-red-700" data-testid="line-undeliverable">
                {undeliverable}
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
}
