/**
 * What the product-images bucket accepts (its allowed_mime_types and file_size_limit, see
 * supabase/migrations/20261122101700_create_product_images_bucket.sql): checked before uploading so
 * staff get a clear message instead of Storage's refusal.
 */
export const IMAGE_TYPES = ['image/webp', 'image/jpeg', 'image/png', 'image/avif'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const NOT_AN_IMAGE = 'Please choose an image file (WebP, JPEG, PNG or AVIF).';
export const IMAGE_TOO_LARGE = 'The image is larger than 5 MB. Please choose a smaller one.';

/** Why this file cannot be a product picture, or null when it can. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return NOT_AN_IMAGE;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE;
  return null;
}
