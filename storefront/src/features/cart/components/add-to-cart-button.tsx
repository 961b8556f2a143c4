import { ShoppingCart } from 'lucide-react';
import { toast } from '@/lib/toast';
import { useCartStore } from '@/features/cart/cart-store';

interface Props {
  productId: number;
  inStock: boolean;
  stock: number;
  color?: string;
  className?: string;
}

/** Adds one to the cart ('Added to cart!'); disabled when sold out; never beyond the stock. */
export function AddToCartButton({ productId, inStock, stock, color, className }: Props) {
  const add = useCartStore((s) => s.add);
  const inCart = useCartStore((s) =>
    s.lines.filter((l) => l.productId === productId).reduce((sum, l) => sum + l.qty, 0),
  );
  const soldOut = !inStock || stock <= 0;
  return (
    <button
      type="button"
      disabled={soldOut}
      onClick={() => {
        if (inCart >= stock) {
          toast.error(`Only ${stock} in stock.`);
          return;
        }
        add({ productId, color, max: stock });
        toast.success('Added to cart!');
      }}
      className={
        className ??
        'inline-flex w-full items-center justify-center gap-2 rounded-lg bg-amber-800 px-3 py-2 text-sm font-medium text-white hover:bg-amber-900 disabled:cursor-not-allowed disabled:bg-stone-400'
      }
    >
      <ShoppingCart aria-hidden="true" className="size-4" />
      {soldOut ? 'Out of Stock' : 'Add to Cart'}
    </button>
  );
}
