import { useQueryClient } from '@tanstack/react-query';
import { Zap } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { WishlistButton } from '@/app/components/wishlist-button';
import { useLoginAndBack } from '@/app/hooks/use-login-and-back';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/hooks/use-session';
import { productKeys, type ProductVariant } from '@/features/catalog/api/products';
import { NotifyMe } from '@/features/catalog/components/notify-me';
import type { StockKind } from '@/features/catalog/stock-status';
import { useCartStore } from '@/features/cart/cart-store';
import { AddToCartButton, type CartVariant } from '@/features/cart/components/add-to-cart-button';
import { variantMax } from '@/features/cart/price-cart';

interface Props {
  productId: number;
  /** The product page's id or slug as in its address: the detail query to reload. */
  routeId: string;
  /** The chosen variant; none when no variant is active (the product cannot be bought). */
  variant: ProductVariant | undefined;
  stock: StockKind;
}

/**
 * What the product page lets a shopper do with the chosen variant: Notify me when it is sold out, Add to
 * Cart, Buy Now (add, then checkout) and Add to Wishlist. Composes the catalog, cart, wishlist and
 * auth features, so it lives in app (features never import each other).
 */
export function PurchasePanel({ productId, routeId, variant, stock }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser();
  const login = useLoginAndBack();
  const add = useCartStore((s) => s.add);
  const cartVariant: CartVariant | undefined = variant && {
    id: variant.id,
    title: variant.title,
    sku: variant.sku,
    madeToOrder: variant.made_to_order,
    available: variant.available_quantity ?? 0,
  };
  return (
    <>
      {variant && stock === 'out' && (
        <NotifyMe
          variantId={variant.id}
          signedIn={Boolean(user)}
          onLoginNeeded={login}
          onInStock={() => void queryClient.invalidateQueries({ queryKey: productKeys.detail(routeId) })}
        />
      )}
      <div className="mt-6 grid gap-3 sm:grid-cols-3">
        <AddToCartButton
          productId={productId}
          variant={cartVariant}
          inStock={Boolean(variant)}
          stock={0}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-amber-800 px-4 py-3 font-medium text-white hover:bg-amber-900 disabled:cursor-not-allowed disabled:bg-stone-400"
        />
        <button
          type="button"
          disabled={!variant || stock === 'out'}
          onClick={() => {
            if (!variant) return;
            add({
              productId,
              variantId: variant.id,
              variantTitle: variant.title,
              sku: variant.sku,
              max: variantMax(variant),
            });
            navigate(paths.checkout);
          }}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-stone-900 px-4 py-3 font-medium text-white hover:bg-stone-800 disabled:cursor-not-allowed disabled:bg-stone-400"
        >
          <Zap aria-hidden="true" className="size-5" />
          Buy Now
        </button>
        <WishlistButton productId={productId} variantId={variant?.id ?? null} />
      </div>
    </>
  );
}
