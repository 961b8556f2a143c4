import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES, productImageSrcSet } from '@/features/catalog/image-sources';

describe('productImageSrcSet', () => {
  it('offers the 400 px copy and the 800 px original of a generated product picture', () => {
    expect(productImageSrcSet('/images/products/aarav-3-seater-fabric-sofa.webp')).toBe(
      '/images/products/400/aarav-3-seater-fabric-sofa.webp 400w, /images/products/aarav-3-seater-fabric-sofa.webp 800w',
    );
  });

  it('does the same for the stock photos', () => {
    expect(productImageSrcSet('/images/fallback/stock-2.webp')).toBe(
      '/images/fallback/400/stock-2.webp 400w, /images/fallback/stock-2.webp 800w',
    );
  });

  it('leaves other images with their one size', () => {
    for (const src of [
      'http://127.0.0.1:54321/storage/v1/object/public/product-images/x.webp',
      '/images/products/400/aarav.webp',
      '/images/products/aarav.jpg',
      '/images/products/../secret.webp',
      '',
    ])
      expect(productImageSrcSet(src), src).toBeUndefined();
  });

  it('sizes a grid card at half a phone and a quarter of a desktop', () => {
    expect(IMAGE_SIZES.card).toMatch(/50vw$/);
    expect(IMAGE_SIZES.card).toContain('(min-width: 1024px) 25vw');
  });
});
