import { buyableQuantity } from 'shared/catalog/variant-stock';
import { STORE_NAME } from 'shared/config';

interface LdVariant {
  sku: string;
  title: string;
  price: number;
  is_default: boolean;
  is_active: boolean;
  made_to_order: boolean;
  available_quantity: number | null;
  images: string[] | null;
}

interface LdProduct {
  name: string;
  slug: string;
  description: string | null;
  image_url: string | null;
  /** the approved reviews' average (NULL with none: products.rating) and their count */
  rating: number | null;
  review_count: number;
  variants: readonly LdVariant[];
}

const SCHEMA = 'https://schema.org/';

/** schema.org availability: made to order is orderable at any stock; otherwise live available stock. */
export function offerAvailability(v: Pick<LdVariant, 'made_to_order' | 'available_quantity'>): string {
  const n = buyableQuantity(v);
  if (n === undefined) return `${SCHEMA}MadeToOrder`;
  return n > 0 ? `${SCHEMA}InStock` : `${SCHEMA}OutOfStock`;
}

/**
 * The product page's schema.org Product. Its `offers` is an AggregateOffer (an Offer too: price is the
 * lowest, availability the best of them, so readers of a single offer still find both) whose own
 * `offers` list one Offer per active variant — its SKU, price in INR, availability and its own
 * address (`?variant=SKU`) — so search engines see each configuration.
 */
export function productJsonLd(product: LdProduct, origin: string) {
  const page = new URL(`/product/${encodeURIComponent(product.slug)}`, origin);
  const variants = product.variants.filter((v) => v.is_active);
  const main = variants.find((v) => v.is_default) ?? variants[0];
  const image = main?.images?.[0] ?? product.image_url;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description ?? undefined,
    image: image ? new URL(image, origin).href : undefined,
    sku: main?.sku,
    url: page.href,
    brand: { '@type': 'Brand', name: STORE_NAME },
    // Only approved reviews count, and none means no AggregateRating at all (never a default).
    aggregateRating:
      product.rating !== null && product.review_count > 0
        ? {
            '@type': 'AggregateRating',
            ratingValue: product.rating,
            reviewCount: product.review_count,
            bestRating: 5,
            worstRating: 1,
          }
        : undefined,
    offers: aggregateOffer(variants, page),
  };
}

function aggregateOffer(variants: readonly LdVariant[], page: URL) {
  const offers = variants.map((v) => {
    const url = new URL(page);
    url.searchParams.set('variant', v.sku);
    return {
      '@type': 'Offer',
      sku: v.sku,
      name: v.title,
      price: v.price.toFixed(2),
      priceCurrency: 'INR',
      availability: offerAvailability(v),
      url: url.href,
    };
  });
  const prices = variants.map((v) => v.price);
  const low = prices.length ? Math.min(...prices) : 0;
  const high = prices.length ? Math.max(...prices) : 0;
  const best = (['InStock', 'MadeToOrder'] as const)
    .map((a) => `${SCHEMA}${a}`)
    .find((a) => offers.some((o) => o.availability === a));
  return {
    '@type': 'AggregateOffer',
    price: low.toFixed(2),
    lowPrice: low.toFixed(2),
    highPrice: high.toFixed(2),
    priceCurrency: 'INR',
    offerCount: offers.length,
    availability: best ?? `${SCHEMA}OutOfStock`,
    offers,
  };
}
