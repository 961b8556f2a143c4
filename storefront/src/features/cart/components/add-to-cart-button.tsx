import { ShoppingCart } from 'lucide-react';
import { toast } from '@/lib/toast';
import { lineKey } from '@/features/cart/cart-lines';
import { useCartStore } from '@/features/cart/cart-store';

/** The variant the product page has chosen. */
export interface CartVariant {
  id: number;
  title: string;
  sku: string;
  /** Made to order: not stock-tracked, orderable at 0 (ships after its lead time). */
  madeToOrder: boolean;
  /** Stock less live reservations. */
  available: number;
}

interface Props {
  productId: number;
  /** The chosen variant (product page). A card leaves it out: the line is the product's default variant. */
  variant?: CartVariant;
  /** The product's summary (cards): in stock when any active variant is. */
  inStock: boolean;
  stock: number;
  className?: string;
  label?: string;
}

/** Adds one to the cart ('Added to cart!'); disabled when sold out; never beyond the variant's stock. */
export function AddToCartButton({ productId, variant, inStock, stock, className, label }: Props) {
  const add = useCartStore((s) => s.add);
  const key = lineKey(productId, variant?.id);
  const inCart = useCartStore((s) => s.lines.find((l) => l.key === key)?.qty ?? 0);
  // A card knows only the product's summary: its on-hand stock caps the line until the cart maps it to
  // the default variant (made-to-order products are in stock with none on hand: no cap then).
  const max = variant
    ? variant.madeToOrder
      ? undefined
      : Math.max(0, variant.available)
    : inStock && stock > 0
      ? stock
      : undefined;
  const soldOut = variant ? max === 0 : !inStock;
  return (
    <button
      type="button"
      disabled={soldOut}
      onClick={() => {
        if (max !== undefined && inCart >= max) {
          toast.error(`Only ${max} in stock.`);
          return;
        }
        add({ productId, variantId: variant?.id, variantTitle: variant?.title, sku: variant?.sku, max });
        toast.success('Added to cart!');
      }}
      className={
        className ??
        'inline-flex w-full items-center justify-center gap-2 rounded-lg bg-amber-800 px-3 py-2 text-sm font-medium text-white hover:bg-amber-900 disabled:cursor-not-allowed disabled:bg-stone-400'
      }
    >
      <ShoppingCart aria-hidden="true" className="size-4" />
      {soldOut ? 'Out of Stock' : (label ?? 'Add to Cart')}
    </button>
  );
}
