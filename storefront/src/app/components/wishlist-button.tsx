import { Heart } from 'lucide-react';
import { useLoginAndBack } from '@/app/hooks/use-login-and-back';
import { useUser } from '@/features/auth/hooks/use-session';
import { useAddToWishlist } from '@/features/wishlist/api/wishlist';
import { toast } from '@/lib/toast';

/** The product page's Add to Wishlist: the chosen variant is saved; a visitor is asked to log in first. */
export function WishlistButton({ productId, variantId }: { productId: number; variantId: number | null }) {
  const user = useUser();
  const login = useLoginAndBack();
  const add = useAddToWishlist(user?.id ?? '');
  return (
    <button
      type="button"
      disabled={add.isPending}
      onClick={() => {
        if (!user) {
          toast.info('Please login to add items to your wishlist.', {
            action: { label: 'Login', onClick: login },
          });
          return;
        }
        add.mutate(
          { productId, variantId },
          {
            onSuccess: (r) =>
              toast.success(r === 'added' ? 'Added to wishlist!' : 'Already in your wishlist.'),
          },
        );
      }}
      className="inline-flex items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-3 font-medium hover:bg-stone-100"
    >
      <Heart aria-hidden="true" className="size-5" />
      Add to Wishlist
    </button>
  );
}
