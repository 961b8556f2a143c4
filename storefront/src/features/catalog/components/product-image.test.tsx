// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductImage } from '@/features/catalog/components/product-image';

describe('ProductImage', () => {
  afterEach(cleanup);

  it('is lazy with a srcset and sizes below the fold', () => {
    render(<ProductImage id={1} src="/images/products/oak-table.webp" alt="Oak table" />);
    const img = screen.getByRole('img', { name: 'Oak table' });
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
    expect(img.getAttribute('srcset')).toContain('/images/products/400/oak-table.webp 400w');
    expect(img.getAttribute('sizes')).toMatch(/50vw$/);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['800', '800']);
  });

  it('is eager and fetched first when it is the page’s main image', () => {
    render(
      <ProductImage id={1} src="/images/products/oak-table.webp" alt="Oak table" priority sizes="100vw" />,
    );
    const img = screen.getByRole('img', { name: 'Oak table' });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('sizes')).toBe('100vw');
  });

  it('falls back to a stock photo (with its own srcset) when the picture fails', () => {
    render(<ProductImage id={4} src="https://example.invalid/x.png" alt="Chair" />);
    const img = screen.getByRole('img', { name: 'Chair' });
    expect(img.getAttribute('srcset')).toBeNull();
    expect(img.getAttribute('sizes')).toBeNull();
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/images/fallback/stock-2.webp');
    expect(img.getAttribute('srcset')).toContain('/images/fallback/400/stock-2.webp 400w');
  });
});
