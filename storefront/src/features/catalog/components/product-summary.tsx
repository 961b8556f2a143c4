import { Link } from 'react-router-dom';
import { formatINR } from 'shared/pricing/format';
import { RatingSummary } from '@/components/ui/star-rating';
import { paths } from '@/config/paths';
import type { ProductDetail, ProductVariant } from '@/features/catalog/api/products';
import { ProductPrice } from '@/features/catalog/components/product-price';
import { mrp } from '@/features/catalog/price-line';
import { leadTimeText, type StockKind } from '@/features/catalog/stock-status';

const STOCK_COLOURS: Record<StockKind, string> = {
  'in-stock': 'text-green-800',
  low: 'text-amber-800',
  'made-to-order': 'text-stone-800',
  out: 'text-red-700',
};

/**
 * The top of the product page's column: category, name, rating, and the chosen variant's price, stock
 * text and lead time. No active variant: the product's own price (it cannot be bought).
 */
export function ProductSummary({
  product,
  variant,
  stock,
}: {
  product: ProductDetail;
  variant: ProductVariant | undefined;
  stock: { kind: StockKind; text: string };
}) {
  const leadTime = variant ? leadTimeText(variant) : null;
  const price = variant?.price ?? product.price;
  const originalPrice = variant ? variant.original_price : product.original_price;
  return (
    <>
      {product.category && (
        <Link
          to={paths.category(product.category.slug)}
          className="inline-block rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900 uppercase"
        >
          {product.category.name}
        </Link>
      )}
      <h1 className="mt-2 text-3xl font-bold">{product.name}</h1>
      <p className="mt-2 text-stone-700">
        {/* With reviews, the rating leads to them (the page's Customer reviews section). */}
        {product.rating === null ? (
          <RatingSummary rating={null} count={0} />
        ) : (
          <a href="#reviews" className="hover:underline">
            <RatingSummary rating={product.rating} count={product.review_count} size="md" />
          </a>
        )}
      </p>
      <ProductPrice price={price} originalPrice={originalPrice} />
      <p className="mt-1 text-sm text-stone-700" data-testid="product-mrp">
        MRP {formatINR(mrp(price, originalPrice))} (incl. of all taxes)
      </p>
      <p data-testid="stock-status" className={`mt-2 font-medium ${STOCK_COLOURS[stock.kind]}`}>
        {stock.text}
      </p>
      {leadTime && <p className="text-sm text-stone-700">{leadTime}</p>}
    </>
  );
}
