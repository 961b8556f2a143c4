import { discountPercent } from 'shared/pricing/discount';
import { formatINR } from 'shared/pricing/format';

/** The chosen variant's price, its struck original price and the discount badge. */
export function ProductPrice({ price, originalPrice }: { price: number; originalPrice: number | null }) {
  const discount = discountPercent(price, originalPrice);
  return (
    <p className="mt-4 flex flex-wrap items-baseline gap-x-3 gap-y-1" data-testid="product-price">
      <span className="text-3xl font-bold">{formatINR(price)}</span>
      {discount > 0 && originalPrice != null && (
        <>
          <s className="text-lg text-stone-600">
            <span className="sr-only">Original price </span>
            {formatINR(originalPrice)}
          </s>
          <span className="rounded bg-red-700 px-2 py-0.5 text-sm font-bold text-white">{discount}% OFF</span>
        </>
      )}
    </p>
  );
}
