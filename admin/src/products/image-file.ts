/**
 * What staff may choose as a product picture, and what becomes of it. The admin never uploads the
 * chosen file: it crops the centre square (what the storefront's square boxes show anyway), resizes it
 * to every width the storefront's srcset asks for and uploads those WebP copies
 * (`resize-picture.ts`). The product-images bucket takes only WebP up to 1 MB (see
 * supabase/migrations/20261129100600_alter_product_images_bucket_webp.sql), so a 5 MB photo never
 * reaches shoppers as it is.
 */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
/** A chosen file is decoded in the browser: a phone camera's photo fits, a poster scan does not. */
export const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
/** The bucket's file_size_limit for one WebP copy. */
export const MAX_RENDITION_BYTES = 1024 * 1024;
/** A short side under this is enlarged for the 800 px copy, and looks soft. */
export const MIN_SHARP_SIDE = 800;
/** The main picture and products.images' 20 (products_images_check). */
export const MAX_PICTURES = 21;

export const NOT_AN_IMAGE = 'Please choose an image file (JPEG, PNG, WebP or AVIF).';
export const IMAGE_TOO_LARGE = 'The image is larger than 25 MB. Please choose a smaller one.';

/** Why this file cannot be a product picture, or null when it can. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return NOT_AN_IMAGE;
  if (file.size > MAX_SOURCE_BYTES) return IMAGE_TOO_LARGE;
  return null;
}

/** The centre square of a width × height picture, in its pixels. */
export function centreSquare(width: number, height: number): { x: number; y: number; side: number } {
  const side = Math.min(width, height);
  return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), side };
}

/** WebP qualities tried in turn until a copy fits the bucket (a noisy photo at 0.82 may not). */
export const WEBP_QUALITIES = [0.82, 0.65, 0.45] as const;
