// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '@/features/catalog/api/products';
import { ProductGrid } from '@/features/catalog/components/product-card';

const product = (
  id: number,
  name: string,
  variantIds: number[],
  rated: Pick<Product, 'rating' | 'review_count'> = { rating: 4.5, review_count: 2 },
): Product => ({
  id,
  slug: `p-${id}`,
  name,
  description: null,
  // Same price for every variant: price_max cannot tell a product with options.
  price: 24999,
  price_max: 24999,
  original_price: null,
  category_id: 1,
  image_url: null,
  images: null,
  dimensions: null,
  material: null,
  color: null,
  weight: null,
  stock_quantity: 4,
  featured: false,
  in_stock: true,
  specifications: null,
  ...rated,
  created_at: '2026-11-24T00:00:00Z',
  category: { id: 1, name: 'Sofas', slug: 'sofas' },
  variant_count: variantIds.length,
});

describe('ProductGrid', () => {
  afterEach(cleanup);

  it('links a product with options to its page (Choose options) and adds one sold as a single variant', () => {
    render(
      <MemoryRouter>
        <ProductGrid
          label="Products"
          products={[product(1, 'Aarav Sofa', [10, 11]), product(2, 'Saanvi Shelves', [20])]}
          renderAddToCart={(p) => <button type="button">Add {p.name} to Cart</button>}
        />
      </MemoryRouter>,
    );
    const choose = screen.getByRole('link', { name: 'Choose options for Aarav Sofa' });
    expect(choose.getAttribute('href')).toBe('/product/1');
    expect(screen.queryByRole('button', { name: 'Add Aarav Sofa to Cart' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Saanvi Shelves to Cart' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Choose options for Saanvi/ })).toBeNull();
  });

  it('puts no action under the cards of a grid without one (related products)', () => {
    render(
      <MemoryRouter>
        <ProductGrid label="Related" products={[product(1, 'Aarav Sofa', [10, 11])]} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: /Choose options/ })).toBeNull();
  });

  it("shows a product's real rating and count, and 'No reviews yet' without approved reviews", () => {
    render(
      <MemoryRouter>
        <ProductGrid
          label="Products"
          products={[
            product(1, 'Aarav Sofa', [10], { rating: 4.6, review_count: 128 }),
            product(2, 'Saanvi Shelves', [20], { rating: null, review_count: 0 }),
          ]}
        />
      </MemoryRouter>,
    );
    const [rated, unrated] = screen.getAllByTestId('rating');
    expect(rated!.textContent).toBe('Rated 4.6 out of 5 (128 reviews)');
    expect(unrated!.textContent).toBe('No reviews yet');
  });
});
