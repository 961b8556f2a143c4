import { useState } from 'react';

const FALLBACKS = [
  '/images/fallback/stock-1.webp',
  '/images/fallback/stock-2.webp',
  '/images/fallback/stock-3.webp',
];

/** One of the three stock photos, always the same one for a product. */
export function fallbackImage(id: number): string {
  return FALLBACKS[Math.abs(id) % FALLBACKS.length]!;
}

interface ProductImageProps {
  id: number;
  src: string | null;
  alt: string;
  className?: string;
  priority?: boolean;
  sizes?: string;
}

/** A product photo, lazy unless it is the page's main image; a stock photo when it fails to load. */
export function ProductImage({ id, src, alt, className, priority, sizes }: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed || !src ? fallbackImage(id) : src}
      alt={alt}
      width={800}
      height={800}
      sizes={sizes}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
