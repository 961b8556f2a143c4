import type { ProductDetail, ProductVariant } from '@/features/catalog/api/products';

/** The variant's own pictures, else the product's (its main picture first, then its gallery). */
export function variantImages(
  product: Pick<ProductDetail, 'image_url' | 'images'>,
  variant: Pick<ProductVariant, 'images'> | undefined,
): string[] {
  if (variant?.images?.length) return variant.images;
  const all = [product.image_url, ...(product.images ?? [])].filter((s): s is string => Boolean(s));
  return [...new Set(all)];
}
