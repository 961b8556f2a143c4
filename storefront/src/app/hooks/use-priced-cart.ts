import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PreviewedDiscount } from 'shared/pricing/order-summary';
import { productQueries } from '@/features/catalog/api/products';
import { useCartStore } from '@/features/cart/cart-store';
import { defaultVariants, priceCart } from '@/features/cart/price-cart';
import { deliveryQueries, type DeliveryQuote } from '@/features/delivery/api/delivery';

/**
 * The cart priced from the catalog, for the cart page and the checkout alike (the one priced-cart
 * rule): the cart's lines, the catalog query for their products with their variants, and — once it
 * has answered — the lines and totals (`priceCart`, from each line's variant). `promo` is the
 * discount preview_promo gave, if any. Lines that name only their product (added from a card, or
 * kept from a cart saved before variants) are mapped to the product's default variant here.
 *
 * With a `pincode`, check_delivery is asked for these lines, subtotal and discount: its answer
 * (`delivery`) carries the dates, the lines it cannot deliver and COD, and its fee replaces the
 * default rule in the totals (place_order charges the same).
 */
export function usePricedCart(promo?: PreviewedDiscount | null, pincode = '') {
  const lines = useCartStore((s) => s.lines);
  const resolveDefaults = useCartStore((s) => s.resolveDefaults);
  const ids = [...new Set(lines.map((l) => l.productId))].sort((a, b) => a - b);
  const products = useQuery({ ...productQueries.byIds(ids), enabled: ids.length > 0 });
  const base = products.data ? priceCart(lines, products.data, promo ?? undefined) : undefined;
  const delivery = useQuery({
    ...deliveryQueries.check({
      pincode: pincode.trim(),
      items: (base?.lines ?? []).map((l) => ({ variant_id: l.variant.id, quantity: l.line.qty })),
      subtotal: base?.summary.subtotal ?? 0,
      discount: base?.summary.discount ?? 0,
    }),
    enabled: Boolean(base && base.lines.length > 0 && pincode.trim() !== ''),
  });
  const quote: DeliveryQuote | undefined = delivery.data;
  const cart =
    products.data && quote && quote.fee !== null
      ? priceCart(lines, products.data, promo ?? undefined, { fee: quote.fee, freeAbove: quote.free_above })
      : base;
  const waiting = lines.some((l) => l.variantId === null);
  useEffect(() => {
    if (waiting && products.data) resolveDefaults(defaultVariants(products.data));
  }, [waiting, products.data, resolveDefaults]);
  return { lines, products, cart, delivery };
}
