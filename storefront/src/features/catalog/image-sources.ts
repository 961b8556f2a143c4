/**
 * The widths the product-image generator (tools/product-images) writes for each picture: the full
 * 800 px one at `/images/products/<slug>.webp` and smaller copies in a folder per width,
 * `/images/products/400/<slug>.webp` (the same for the stock photos under `/images/fallback/`).
 */
export const IMAGE_WIDTHS = [400, 800] as const;
const FULL_WIDTH = 800;
const GENERATED = /^(\/images\/(?:products|fallback))\/([a-z0-9-]+\.webp)$/;

/**
 * A `srcset` for one of our generated pictures, so a phone's grid takes the 400 px copy; undefined
 * for any other address (an image the admin uploaded to Storage has only its one size).
 */
export function productImageSrcSet(src: string): string | undefined {
  const m = GENERATED.exec(src);
  if (!m) return undefined;
  const [, dir, file] = m;
  return IMAGE_WIDTHS.map((w) => `${w === FULL_WIDTH ? src : `${dir}/${w}/${file}`} ${w}w`).join(', ');
}

/**
 * `sizes` for the layouts that show product pictures (main is max-w-6xl: 72rem less 2rem of padding).
 * A grid card is half the width on a phone and a quarter from lg (4 columns, 1rem gaps).
 */
export const IMAGE_SIZES = {
  card: '(min-width: 1152px) 270px, (min-width: 1024px) 25vw, 50vw',
  /** The product page's photo: its half of the two columns from md, else the full width. */
  detail: '(min-width: 1152px) 560px, (min-width: 768px) 50vw, 100vw',
  /** The cart's 6rem thumbnail. */
  thumb: '96px',
} as const;
