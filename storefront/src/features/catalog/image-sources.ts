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

/** The three stock photos a product without a picture shows (always the same one for a product). */
export const FALLBACK_IMAGES = [
  '/images/fallback/stock-1.webp',
  '/images/fallback/stock-2.webp',
  '/images/fallback/stock-3.webp',
] as const;
