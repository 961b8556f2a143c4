import { useQuery } from '@tanstack/react-query';
import type { PreviewedDiscount } from 'shared/pricing/order-summary';
import { productQueries } from '@/features/catalog/api/products';
import { useCartStore } from '@/features/cart/cart-store';
import { priceCart } from '@/features/cart/price-cart';

/**
 * The cart priced from the catalog, for the cart page and the checkout alike (the one priced-cart
 * rule): the cart's lines, the catalog query for their products, and — once it has answered — the
 * lines and totals (`priceCart`). `promo` is the discount preview_promo gave, if any.
 */
export function usePricedCart(promo?: PreviewedDiscount | null) {
  const lines = useCartStore((s) => s.lines);
  const ids = [...new Set(lines.map((l) => l.productId))].sort((a, b) => a - b);
  const products = useQuery({ ...productQueries.byIds(ids), enabled: ids.length > 0 });
  const cart = products.data ? priceCart(lines, products.data, promo ?? undefined) : undefined;
  return { lines, products, cart };
}
