import { describe, expect, it } from 'vitest';
import { offerAvailability, productJsonLd } from '@/features/catalog/product-json-ld';

const base = { made_to_order: false, images: null, is_active: true, is_default: false };
const product = {
  name: 'Aarav Sofa',
  slug: 'aarav-sofa',
  description: 'Deep seats.',
  image_url: '/images/products/aarav-sofa.webp',
  rating: 4.5,
  review_count: 12,
  variants: [
    {
      ...base,
      sku: 'AAR-TEAL-3S',
      title: 'Teal / 3-seater',
      price: 24999,
      available_quantity: 4,
      is_default: true,
      images: ['/images/products/aarav-teal.webp'],
    },
    { ...base, sku: 'AAR-RUST/L', title: 'Rust / L-shape', price: 38999.5, available_quantity: 0 },
    { ...base, sku: 'AAR-MTO', title: 'Custom', price: 45000, available_quantity: 0, made_to_order: true },
    { ...base, sku: 'AAR-OLD', title: 'Old', price: 1, available_quantity: 9, is_active: false },
  ],
};

describe('product JSON-LD', () => {
  const ld = productJsonLd(product, 'https://furnicraft.in');

  it('lists each active variant as an offer with its SKU, INR price, availability and own address', () => {
    expect(ld.offers.offers).toEqual([
      {
        '@type': 'Offer',
        sku: 'AAR-TEAL-3S',
        name: 'Teal / 3-seater',
        price: '24999.00',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        url: 'https://furnicraft.in/product/aarav-sofa?variant=AAR-TEAL-3S',
      },
      {
        '@type': 'Offer',
        sku: 'AAR-RUST/L',
        name: 'Rust / L-shape',
        price: '38999.50',
        priceCurrency: 'INR',
        availability: 'https://schema.org/OutOfStock',
        url: 'https://furnicraft.in/product/aarav-sofa?variant=AAR-RUST%2FL',
      },
      {
        '@type': 'Offer',
        sku: 'AAR-MTO',
        name: 'Custom',
        price: '45000.00',
        priceCurrency: 'INR',
        availability: 'https://schema.org/MadeToOrder',
        url: 'https://furnicraft.in/product/aarav-sofa?variant=AAR-MTO',
      },
    ]);
  });

  it('sums them up in an AggregateOffer: lowest price (also as its price), highest, count, best availability', () => {
    expect(ld.offers).toMatchObject({
      '@type': 'AggregateOffer',
      price: '24999.00',
      lowPrice: '24999.00',
      highPrice: '45000.00',
      priceCurrency: 'INR',
      offerCount: 3,
      availability: 'https://schema.org/InStock',
    });
    const soldOut = productJsonLd(
      { ...product, variants: product.variants.filter((v) => v.sku === 'AAR-RUST/L') },
      'https://furnicraft.in',
    );
    expect(soldOut.offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it("names the product with the default variant's SKU and picture, absolute", () => {
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Aarav Sofa',
      sku: 'AAR-TEAL-3S',
      image: 'https://furnicraft.in/images/products/aarav-teal.webp',
      url: 'https://furnicraft.in/product/aarav-sofa',
      aggregateRating: { ratingValue: 4.5, reviewCount: 12 },
    });
  });

  it('carries an AggregateRating only when there are approved reviews', () => {
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
    const unrated = productJsonLd({ ...product, rating: null, review_count: 0 }, 'https://furnicraft.in');
    expect(unrated.aggregateRating).toBeUndefined();
    expect(JSON.stringify(unrated)).not.toContain('Rating');
  });

  it('reads availability from live stock, made to order being always orderable', () => {
    expect(offerAvailability({ made_to_order: false, available_quantity: 1 })).toBe(
      'https://schema.org/InStock',
    );
    expect(offerAvailability({ made_to_order: false, available_quantity: null })).toBe(
      'https://schema.org/OutOfStock',
    );
    expect(offerAvailability({ made_to_order: true, available_quantity: 0 })).toBe(
      'https://schema.org/MadeToOrder',
    );
  });
});
