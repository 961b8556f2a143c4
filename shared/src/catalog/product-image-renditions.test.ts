import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, productImageSrcSet, uploadedImagePath } from 'shared/catalog/product-image-renditions';

const BUCKET = 'http://127.0.0.1:54321/storage/v1/object/public/product-images';
const ID = '0f8b7c1e-2d3a-4b5c-8d9e-0a1b2c3d4e5f';

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

  it('does the same for a picture staff uploaded, where the admin put its copies', () => {
    const src = `${BUCKET}/${uploadedImagePath(ID, 800)}`;
    expect(src).toBe(`${BUCKET}/products/${ID}.webp`);
    expect(productImageSrcSet(src)).toBe(`${BUCKET}/${uploadedImagePath(ID, 400)} 400w, ${src} 800w`);
    expect(uploadedImagePath(ID, 400)).toBe(`products/400/${ID}.webp`);
    expect(
      productImageSrcSet(
        `https://abcd.supabase.co/storage/v1/object/public/product-images/products/${ID}.webp`,
      ),
    ).toContain(
      `https://abcd.supabase.co/storage/v1/object/public/product-images/products/400/${ID}.webp 400w`,
    );
  });

  it('leaves other images with their one size', () => {
    for (const src of [
      `${BUCKET}/x.webp`,
      // an upload from before the renditions: one size, named after the file
      `${BUCKET}/products/${ID}-sofa.webp`,
      `${BUCKET}/products/${ID}.jpg`,
      `${BUCKET}/products/400/${ID}.webp`,
      `http://127.0.0.1:54321/storage/v1/object/public/review-photos/products/${ID}.webp`,
      `http://127.0.0.1:54321/storage/v1/object/sign/product-images/products/${ID}.webp`,
      '/images/products/400/aarav.webp',
      '/images/products/aarav.jpg',
      '/images/products/../secret.webp',
      '',
    ])
      expect(productImageSrcSet(src), src).toBeUndefined();
  });

  it('names one copy per width the storefront asks for', () => {
    expect(IMAGE_WIDTHS).toEqual([400, 800]);
    expect(new Set(IMAGE_WIDTHS.map((w) => uploadedImagePath(ID, w))).size).toBe(IMAGE_WIDTHS.length);
  });
});
