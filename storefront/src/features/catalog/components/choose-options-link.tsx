import { SlidersHorizontal } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/**
 * A card's action for a product with options: to its page, where the shopper picks the variant. The
 * look and size of the card's Add to Cart button; its name says which product (several on a page).
 */
export function ChooseOptionsLink({ productId, name }: { productId: number; name: string }) {
  return (
    <Link
      to={paths.product(productId)}
      // Its name starts with what it shows (WCAG label in name) and says which product.
      aria-label={`Choose options for ${name}`}
      className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-amber-800 px-3 py-2 text-sm font-medium text-white hover:bg-amber-900"
    >
      <SlidersHorizontal aria-hidden="true" className="size-4" />
      Choose options
    </Link>
  );
}
