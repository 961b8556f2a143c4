// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@/features/catalog/api/products';
import { LoadMore, loadedProducts } from '@/features/catalog/components/load-more';

const query = (over: Partial<Parameters<typeof LoadMore>[0]['query']> = {}) => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  fetchNextPage: vi.fn(async () => undefined),
  ...over,
});

describe('LoadMore', () => {
  afterEach(cleanup);

  it('offers the next page while there is one, and asks for it', () => {
    const q = query();
    render(<LoadMore query={q} shown={24} />);
    expect(screen.getByText('Showing 24 products')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('is disabled while the page loads and gone after the last one', () => {
    const { rerender } = render(<LoadMore query={query({ isFetchingNextPage: true })} shown={24} />);
    expect(screen.getByRole('button', { name: 'Loading…' }).hasAttribute('disabled')).toBe(true);
    rerender(<LoadMore query={query({ hasNextPage: false })} shown={60} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Showing all 60 products')).toBeTruthy();
  });

  it('says so when the next page failed', () => {
    render(<LoadMore query={query({ isFetchNextPageError: true })} shown={24} />);
    expect(screen.getByRole('alert').textContent).toMatch(/could not load more/);
  });
});

describe('loadedProducts', () => {
  it('joins the pages in order', () => {
    const p = (id: number) => ({ id }) as Product;
    const data = {
      pages: [
        { products: [p(1), p(2)], nextOffset: 2 },
        { products: [p(3)], nextOffset: null },
      ],
      pageParams: [0, 2],
    };
    expect(loadedProducts({ data }).map((x) => x.id)).toEqual([1, 2, 3]);
    expect(loadedProducts({ data: undefined })).toEqual([]);
  });
});
