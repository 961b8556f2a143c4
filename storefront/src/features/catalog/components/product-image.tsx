import { useState } from 'react';
import { productImageSrcSet } from 'shared/catalog/product-image-renditions';
import { FALLBACK_IMAGES, IMAGE_SIZES } from '@/features/catalog/image-sources';

/** One of the three stock photos, always the same one for a product. */
export function fallbackImage(id: number): string {
  return FALLBACK_IMAGES[Math.abs(id) % FALLBACK_IMAGES.length]!;
}

interface ProductImageProps {
  id: number;
  src: string | null;
  alt: string;
  className?: string;
  /** The page's main (LCP) picture: fetched at once and first, never lazily. */
  priority?: boolean;
  /** How wide it is shown (for `srcset`); a grid card's width unless given. */
  sizes?: string;
}

/**
 * A product photo: lazy below the fold unless it is the page's main image, sized with `srcset` so a
 * phone takes a smaller copy, 800×800 intrinsic (square) so its box is reserved before it loads; a
 * stock photo when it fails to load.
 */
export function ProductImage({ id, src, alt, className, priority, sizes }: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  const url = failed || !src ? fallbackImage(id) : src;
  const srcSet = productImageSrcSet(url);
  return (
    <img
      src={url}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? IMAGE_SIZES.card) : undefined}
      alt={alt}
      width={800}
      height={800}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
