// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductDetails } from '@/features/catalog/components/product-details';
import { variantImages } from '@/features/catalog/variant-images';

const product = {
  description: 'Deep seats.',
  specifications: { features: ['Solid wood frame'], warranty: '1 year' },
  material: 'Sheesham',
  dimensions: 'W 200 cm',
  color: 'Grey',
  weight: '60 kg',
  options: [],
};
const detail = (k: string) => screen.queryByTestId(`detail-${k}`)?.textContent ?? null;

describe('ProductDetails', () => {
  afterEach(cleanup);

  it("shows the chosen variant's dimensions, weight and SKU over the product's", () => {
    render(
      <ProductDetails
        product={product}
        variant={{ dimensions: 'W 260 cm', weight: null, sku: 'AARAV-TV-LL' }}
        returns={{ returnable: true, days: 30 }}
      />,
    );
    expect(detail('dimensions')).toBe('W 260 cm');
    expect(detail('weight')).toBe('60 kg');
    expect(detail('sku')).toBe('AARAV-TV-LL');
    expect(detail('color')).toBe('Grey');
    expect(detail('warranty')).toBe('1 year');
    expect(screen.getByText('Solid wood frame')).toBeTruthy();
  });

  it('leaves the colour to the options of a product that has them', () => {
    render(
      <ProductDetails
        product={{ ...product, options: [{ id: 1, name: 'Fabric', position: 0, values: [] }] }}
        variant={undefined}
        returns={{ returnable: true, days: 30 }}
      />,
    );
    expect(detail('color')).toBeNull();
    expect(detail('sku')).toBeNull();
  });

  it("states the product's return window, or that it is not returnable", () => {
    const { rerender } = render(
      <ProductDetails product={product} variant={undefined} returns={{ returnable: true, days: 10 }} />,
    );
    expect(screen.getByTestId('info-returns').textContent).toBe('10-Day ReturnsEasy returns and refunds');
    rerender(<ProductDetails product={product} variant={undefined} returns={{ returnable: false }} />);
    expect(screen.getByTestId('info-returns').textContent).toBe(
      'Not returnableDamaged or defective items are replaced or refunded',
    );
  });
});

describe('variantImages', () => {
  it("is the variant's own pictures, else the product's main picture then its gallery, once each", () => {
    const p = { image_url: '/a.webp', images: ['/b.webp', '/a.webp'] };
    expect(variantImages(p, { images: ['/v.webp'] })).toEqual(['/v.webp']);
    expect(variantImages(p, { images: [] })).toEqual(['/a.webp', '/b.webp']);
    expect(variantImages({ image_url: null, images: null }, undefined)).toEqual([]);
  });
});
