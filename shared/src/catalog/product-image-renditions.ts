/**
 * The sizes a product picture is stored at, and how their addresses are named, for the storefront's
 * `srcset` and the admin's upload alike. The storefront shows every product picture square
 * (`object-cover`, 800×800 intrinsic), so each copy is a square WebP.
 *
 * - Seed pictures (tools/product-images): the full 800 px one at `/images/products/<slug>.webp` and
 *   smaller copies in a folder per width, `/images/products/400/<slug>.webp` (the same for the stock
 *   photos under `/images/fallback/`).
 * - Pictures staff upload (admin, product-images bucket): the same shape under the bucket's
 *   `products/` folder, named by a random UUID: `products/<uuid>.webp` and `products/400/<uuid>.webp`.
 *   Uploads from before the renditions (`products/<uuid>-<file name>`) have one size and no srcset.
 */
export const IMAGE_WIDTHS = [400, 800] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const FULL_WIDTH: ImageWidth = 800;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** The addresses stored at every width (a seed picture, an upload): directory and file name captured. */
export const RENDITIONED = [
  /^(\/images\/(?:products|fallback))\/([a-z0-9-]+\.webp)$/,
  new RegExp(`^(https?://[^/?#]+/storage/v1/object/public/product-images/products)/(${UUID}\\.webp)$`),
];

/** Where the copy of an uploaded picture at `width` goes in the product-images bucket. */
export function uploadedImagePath(id: string, width: ImageWidth): string {
  return width === FULL_WIDTH ? `products/${id}.webp` : `products/${width}/${id}.webp`;
}

/**
 * A `srcset` for a picture stored at every width (a seed picture or an upload), so a phone's grid
 * takes the 400 px copy; undefined for any other address, which has only its one size.
 */
export function productImageSrcSet(src: string): string | undefined {
  for (const pattern of RENDITIONED) {
    const m = pattern.exec(src);
    if (!m) continue;
    const [, dir, file] = m;
    return IMAGE_WIDTHS.map((w) => `${w === FULL_WIDTH ? src : `${dir}/${w}/${file}`} ${w}w`).join(', ');
  }
  return undefined;
}
