import { isAttributeCode } from 'shared/catalog/attribute-code';

/**
 * A listing page's filters and sort as they live in the URL (issue 20), in one canonical form so a
 * link reproduces the page and equal selections share one cache entry:
 *
 *   ?q=sofa&category=sofas&colour=brown,grey&material=fabric&price=10000-50000&rating=4&stock=1&sort=price-asc
 *
 * q and category first, then the attribute groups by code (alphabetical: attributes are data, so no
 * list of them is fixed here), then price, rating, stock and sort; values sorted; the default sort and
 * the page (never in the URL: Load more pages) left out. Pure functions, no React.
 */

export const SORTS = [
  'relevance',
  'popularity',
  'price-asc',
  'price-desc',
  'newest',
  'rating',
  'discount',
] as const;
export type BrowseSort = (typeof SORTS)[number];

export interface BrowseState {
  /** Attribute code → selected value slugs (sorted, no duplicates; never an empty list). */
  filters: Record<string, string[]>;
  priceMin?: number;
  priceMax?: number;
  /** 4: "4★ & up". */
  minRating?: number;
  inStock: boolean;
  /** Undefined: the default (relevance with a search, newest otherwise). */
  sort?: BrowseSort;
}

/** What the page is a listing of: the search query (search page), a category (all-products page's select). */
export interface BrowseScope {
  q?: string;
  category?: string;
}

export const EMPTY_STATE: BrowseState = { filters: {}, inStock: false };

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const PRICE = /^(\d+(?:\.\d+)?)?-(\d+(?:\.\d+)?)?$/;

export function defaultSort(scope: BrowseScope): BrowseSort {
  return scope.q ? 'relevance' : 'newest';
}

const isSort = (s: string | null): s is BrowseSort => SORTS.some((x) => x === s);
const uniqueSorted = (values: string[]) => [...new Set(values)].sort();

/** The URL's state; anything malformed is left out (the database drops unknown codes and values). */
export function parseBrowseParams(params: URLSearchParams): BrowseState {
  const filters: Record<string, string[]> = {};
  for (const key of new Set(params.keys())) {
    if (!isAttributeCode(key)) continue;
    const slugs = params
      .getAll(key)
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter((v) => SLUG.test(v));
    if (slugs.length > 0) filters[key] = uniqueSorted(slugs);
  }
  const state: BrowseState = { filters, inStock: params.get('stock') === '1' };

  const price = PRICE.exec(params.get('price') ?? '');
  if (price) {
    if (price[1] !== undefined) state.priceMin = Number(price[1]);
    if (price[2] !== undefined) state.priceMax = Number(price[2]);
  } else if (/^\d+(?:\.\d+)?$/.test(params.get('max') ?? '')) {
    // The all-products page's earlier "Up to ₹x" select (?max=25000): old links keep working.
    state.priceMax = Number(params.get('max'));
  }
  if (state.priceMin !== undefined && state.priceMax !== undefined && state.priceMin > state.priceMax) {
    [state.priceMin, state.priceMax] = [state.priceMax, state.priceMin];
  }

  const rating = Number(params.get('rating'));
  if (Number.isInteger(rating) && rating >= 1 && rating <= 5) state.minRating = rating;
  const sort = params.get('sort');
  if (isSort(sort)) state.sort = sort;
  return state;
}

/** The canonical query string (without "?"), or "" when nothing is chosen. */
export function serializeBrowseParams(state: BrowseState, scope: BrowseScope = {}): string {
  const parts: string[] = [];
  if (scope.q) parts.push(`q=${encodeURIComponent(scope.q)}`);
  if (scope.category) parts.push(`category=${encodeURIComponent(scope.category)}`);
  for (const code of Object.keys(state.filters).sort()) {
    const slugs = uniqueSorted(state.filters[code] ?? []);
    // Slugs are [a-z0-9-]: the commas stay readable (brown,grey, not brown%2Cgrey).
    if (slugs.length > 0) parts.push(`${code}=${slugs.join(',')}`);
  }
  if (state.priceMin !== undefined || state.priceMax !== undefined) {
    parts.push(`price=${state.priceMin ?? ''}-${state.priceMax ?? ''}`);
  }
  if (state.minRating !== undefined) parts.push(`rating=${state.minRating}`);
  if (state.inStock) parts.push('stock=1');
  if (state.sort && state.sort !== defaultSort(scope)) parts.push(`sort=${state.sort}`);
  return parts.join('&');
}

/** What browse_products says it used (its `applied`), read back as a state. */
export interface Applied {
  filters: Record<string, string[]>;
  price_min: number | null;
  price_max: number | null;
  min_rating: number | null;
  in_stock: boolean;
  sort: string;
}

export function stateFromApplied(applied: Applied): BrowseState {
  const filters: Record<string, string[]> = {};
  for (const [code, slugs] of Object.entries(applied.filters)) {
    if (slugs.length > 0) filters[code] = uniqueSorted(slugs);
  }
  const state: BrowseState = { filters, inStock: applied.in_stock };
  if (applied.price_min !== null) state.priceMin = applied.price_min;
  if (applied.price_max !== null) state.priceMax = applied.price_max;
  if (applied.min_rating !== null) state.minRating = applied.min_rating;
  if (isSort(applied.sort)) state.sort = applied.sort;
  return state;
}

/** Ticks or unticks one value of a group. */
export function toggleValue(state: BrowseState, code: string, slug: string): BrowseState {
  const current = state.filters[code] ?? [];
  const next = current.includes(slug) ? current.filter((s) => s !== slug) : uniqueSorted([...current, slug]);
  const filters = { ...state.filters, [code]: next };
  if (next.length === 0) delete filters[code];
  return { ...state, filters };
}

export function withPrice(state: BrowseState, min: number | undefined, max: number | undefined): BrowseState {
  const next: BrowseState = { ...state, priceMin: min, priceMax: max };
  if (min === undefined) delete next.priceMin;
  if (max === undefined) delete next.priceMax;
  if (next.priceMin !== undefined && next.priceMax !== undefined && next.priceMin > next.priceMax) {
    [next.priceMin, next.priceMax] = [next.priceMax, next.priceMin];
  }
  return next;
}

export function withRating(state: BrowseState, minRating: number | undefined): BrowseState {
  const next: BrowseState = { ...state, minRating };
  if (minRating === undefined) delete next.minRating;
  return next;
}

/** Every filter off; the sort stays (it is not a filter). */
export function clearFilters(state: BrowseState): BrowseState {
  return state.sort ? { ...EMPTY_STATE, sort: state.sort } : EMPTY_STATE;
}

export function hasFilters(state: BrowseState): boolean {
  return (
    Object.keys(state.filters).length > 0 ||
    state.priceMin !== undefined ||
    state.priceMax !== undefined ||
    state.minRating !== undefined ||
    state.inStock
  );
}
