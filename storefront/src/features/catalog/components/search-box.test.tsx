// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from '@/features/catalog/components/search-box';

vi.mock('@/features/catalog/api/categories', () => ({
  categoryQueries: {
    list: () =>
      queryOptions({
        queryKey: ['categories'],
        queryFn: async () => [
          { id: 1, name: 'Sofas', slug: 'sofas' },
          { id: 2, name: 'Beds', slug: 'beds' },
        ],
      }),
  },
}));
vi.mock('@/features/catalog/api/products', () => ({
  productQueries: {
    search: (q: string, limit: number) =>
      queryOptions({
        queryKey: ['search', q, limit],
        queryFn: async () =>
          Array.from({ length: 7 }, (_, i) => ({ id: i + 1, name: `Sofa ${i + 1}`, price: 10000 + i })),
      }),
  },
}));

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function renderBox() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SearchBox />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'Search products and categories' });
}

describe('SearchBox', () => {
  afterEach(cleanup);

  it('stays closed for one character, then lists categories first and at most 5 products', async () => {
    const box = renderBox();
    fireEvent.change(box, { target: { value: 's' } });
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.change(box, { target: { value: 'sofaa' } });
    await screen.findByRole('option', { name: /Sofa 1/ });
    const options = screen.getAllByRole('option');
    expect(options[0]?.textContent).toContain('Sofas');
    expect(options).toHaveLength(6);
  });

  it('moves with the arrow keys, opens the highlighted option with Enter and closes', async () => {
    const box = renderBox();
    fireEvent.change(box, { target: { value: 'sofaa' } });
    await screen.findByRole('option', { name: /Sofa 1/ });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.submit(box.closest('form')!);
    expect(screen.getByTestId('where').textContent).toBe('/product/1');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens the results page on Enter without a highlighted option, and clears', async () => {
    const box = renderBox();
    fireEvent.change(box, { target: { value: 'sofaa' } });
    await screen.findByRole('listbox');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.change(box, { target: { value: 'chiar' } });
    fireEvent.submit(box.closest('form')!);
    expect(screen.getByTestId('where').textContent).toBe('/search?q=chiar');
  });
});
