import { describe, expect, it } from 'vitest';
import {
  clearFilters,
  EMPTY_STATE,
  hasFilters,
  parseBrowseParams,
  serializeBrowseParams,
  stateFromApplied,
  toggleValue,
  withPrice,
  withRating,
  type BrowseState,
} from '@/features/catalog/browse-params';

const parse = (search: string) => parseBrowseParams(new URLSearchParams(search));

describe('parseBrowseParams', () => {
  it.each<[string, BrowseState]>([
    ['', EMPTY_STATE],
    [
      'colour=grey,brown&material=fabric',
      { filters: { colour: ['brown', 'grey'], material: ['fabric'] }, inStock: false },
    ],
    // Repeated keys, duplicates and blanks fold into one sorted list.
    ['colour=grey&colour=brown,grey,&colour=', { filters: { colour: ['brown', 'grey'] }, inStock: false }],
    ['price=10000-50000', { filters: {}, priceMin: 10000, priceMax: 50000, inStock: false }],
    ['price=10000-', { filters: {}, priceMin: 10000, inStock: false }],
    ['price=-25000', { filters: {}, priceMax: 25000, inStock: false }],
    // A reversed range is swapped, as the database does.
    ['price=50000-10000', { filters: {}, priceMin: 10000, priceMax: 50000, inStock: false }],
    ['rating=4&stock=1&sort=price-asc', { filters: {}, minRating: 4, inStock: true, sort: 'price-asc' }],
    // The old all-products select (?max=) still filters.
    ['max=25000', { filters: {}, priceMax: 25000, inStock: false }],
  ])('%s', (search, state) => {
    expect(parse(search)).toEqual(state);
  });

  it('drops what is malformed: bad slugs, codes, prices, ratings, sorts, and the page', () => {
    expect(
      parse('colour=Brown,%3Cb%3E&Material=fabric&price=abc&rating=9&stock=yes&sort=cheapest&page=3'),
    ).toEqual(EMPTY_STATE);
    expect(parse('rating=4.5').minRating).toBeUndefined();
  });

  it('never reads the listing’s own keys as attributes', () => {
    expect(parse('q=sofa&category=sofas&page=2').filters).toEqual({});
  });
});

describe('serializeBrowseParams', () => {
  it('writes the canonical form: groups by code, values sorted, then price, rating, stock, sort', () => {
    const state: BrowseState = {
      filters: { material: ['fabric'], colour: ['grey', 'brown'] },
      priceMin: 10000,
      priceMax: 50000,
      minRating: 4,
      inStock: true,
      sort: 'price-asc',
    };
    expect(serializeBrowseParams(state)).toBe(
      'colour=brown,grey&material=fabric&price=10000-50000&rating=4&stock=1&sort=price-asc',
    );
  });

  it('puts q and category first, open price ends empty, and leaves the default sort out', () => {
    expect(
      serializeBrowseParams(
        { filters: {}, priceMin: 100000, inStock: false, sort: 'relevance' },
        { q: 'sofa bed' },
      ),
    ).toBe('q=sofa%20bed&price=100000-');
    expect(
      serializeBrowseParams(
        { filters: {}, priceMax: 10000, inStock: false, sort: 'newest' },
        { category: 'sofas' },
      ),
    ).toBe('category=sofas&price=-10000');
    // Relevance is not the default without a search, so an explicit one is kept (the database then ignores it).
    expect(serializeBrowseParams({ ...EMPTY_STATE, sort: 'newest' }, { q: 'sofa' })).toBe(
      'q=sofa&sort=newest',
    );
    expect(serializeBrowseParams(EMPTY_STATE)).toBe('');
  });

  it('round-trips: parse(serialize(s)) = s, and serialize(parse(url)) is canonical', () => {
    const url = 'stock=1&material=teak-wood,fabric&price=5000-20000&colour=grey&sort=discount';
    const canonical = serializeBrowseParams(parse(url));
    expect(canonical).toBe('colour=grey&material=fabric,teak-wood&price=5000-20000&stock=1&sort=discount');
    expect(serializeBrowseParams(parse(canonical))).toBe(canonical);
  });
});

describe('stateFromApplied', () => {
  it('reads what the database applied (unknown values already gone) back as a state', () => {
    const state = stateFromApplied({
      filters: { material: ['velvet', 'fabric'], seating: [] },
      price_min: 10000,
      price_max: null,
      min_rating: null,
      in_stock: false,
      sort: 'newest',
    });
    expect(state).toEqual({
      filters: { material: ['fabric', 'velvet'] },
      priceMin: 10000,
      inStock: false,
      sort: 'newest',
    });
    expect(serializeBrowseParams(state)).toBe('material=fabric,velvet&price=10000-');
  });
});

describe('changes', () => {
  const base: BrowseState = { filters: { material: ['fabric'] }, inStock: false, sort: 'price-asc' };

  it('toggles a value in and out of its group, dropping an emptied group', () => {
    const two = toggleValue(base, 'material', 'leather');
    expect(two.filters).toEqual({ material: ['fabric', 'leather'] });
    expect(toggleValue(toggleValue(two, 'material', 'fabric'), 'material', 'leather').filters).toEqual({});
    expect(base.filters).toEqual({ material: ['fabric'] }); // never mutated
  });

  it('sets and clears price and rating; Clear all keeps the sort', () => {
    expect(withPrice(base, 50000, 10000)).toMatchObject({ priceMin: 10000, priceMax: 50000 });
    expect(withPrice(withPrice(base, 1, 2), undefined, undefined)).toEqual(base);
    expect(withRating(withRating(base, 4), undefined)).toEqual(base);
    const cleared = clearFilters({ ...withRating(base, 4), inStock: true });
    expect(cleared).toEqual({ filters: {}, inStock: false, sort: 'price-asc' });
    expect(hasFilters(cleared)).toBe(false);
    expect(hasFilters(base)).toBe(true);
  });
});
