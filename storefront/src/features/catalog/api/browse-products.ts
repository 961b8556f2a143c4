import { infiniteQueryOptions } from '@tanstack/react-query';
// zod/mini (functional, tree-shaken): the listing pages are Lighthouse's pages, and this parser is
// all they need of zod. Jitless under the CSP like the rest (shared/schemas/zod-jitless.ts).
import { z } from 'zod/mini';
import { BROWSE_PAGE_SIZE } from '@/features/catalog/api/columns';
import type { Product } from '@/features/catalog/api/products';
import type { BrowseState } from '@/features/catalog/browse-params';
import { toAppError } from '@/lib/errors';
import { env } from '@/lib/env';
import { answerOf, visitorFirstData } from '@/lib/first-data-fetch';
import { getSupabase } from '@/lib/get-supabase';

/**
 * A listing page (a category, all products, search results) through browse_products: one request per
 * page of results gives the products, the total and every filter group's counts. The function answers
 * jsonb (`Json` in the generated types), so its shape is checked here instead of cast.
 */

const nullableString = z.nullable(z.string());
const nullableNumber = z.nullable(z.number());

/** A product as the lists select it, with its category: what ProductCard shows. */
export const listedProductSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: nullableString,
  price: z.number(),
  price_max: nullableNumber,
  variant_count: z.number(),
  original_price: nullableNumber,
  category_id: z.number(),
  image_url: nullableString,
  images: z.nullable(z.array(z.string())),
  dimensions: nullableString,
  material: nullableString,
  color: nullableString,
  weight: nullableString,
  stock_quantity: z.number(),
  featured: z.boolean(),
  in_stock: z.boolean(),
  specifications: z.nullable(z.json()),
  rating: nullableNumber,
  review_count: z.number(),
  created_at: z.string(),
  category: z.object({ id: z.number(), name: z.string(), slug: z.string() }),
});
export type ListedProduct = z.infer<typeof listedProductSchema>;

const facetSchema = z.object({
  code: z.string(),
  name: z.string(),
  values: z.array(
    z.object({
      slug: z.string(),
      value: z.string(),
      swatch_color: nullableString,
      count: z.number(),
      selected: z.boolean(),
    }),
  ),
});
export type Facet = z.infer<typeof facetSchema>;

const countSchema = z.object({ count: z.number() });

export const browseResultSchema = z.object({
  category: z.nullable(
    z.object({ id: z.number(), name: z.string(), slug: z.string(), description: nullableString }),
  ),
  total: z.number(),
  items: z.array(listedProductSchema),
  facets: z.array(facetSchema),
  // Absent when the category slug names no category (the answer is then only category null and no items).
  price: z.optional(
    z.object({
      min: nullableNumber,
      max: nullableNumber,
      buckets: z.array(z.object({ min: z.number(), max: nullableNumber, count: z.number() })),
    }),
  ),
  rating: z.optional(countSchema),
  in_stock: z.optional(countSchema),
  applied: z.optional(
    z.object({
      filters: z.record(z.string(), z.array(z.string())),
      price_min: nullableNumber,
      price_max: nullableNumber,
      min_rating: nullableNumber,
      in_stock: z.boolean(),
      sort: z.string(),
    }),
  ),
});
export type BrowseResult = z.infer<typeof browseResultSchema>;

/** Which listing: a category by slug, a search, or neither (every product); and its filters. */
export interface BrowseQuery {
  categorySlug?: string;
  search?: string;
  state: BrowseState;
}

export interface BrowsePage extends Omit<BrowseResult, 'items'> {
  /** The page's products; a listed product is a `Product` (checked here), so the grid takes it as it is. */
  products: Product[];
  /** The offset of the next page, or null on the last one. */
  nextOffset: number | null;
}

const TWO_MINUTES = 2 * 60 * 1000;

export async function fetchBrowsePage(
  query: BrowseQuery,
  offset: number,
  pageSize = BROWSE_PAGE_SIZE,
): Promise<BrowsePage> {
  const { state } = query;
  // In this order: index.html's first request for a listing (lib/first-data.ts) sends the same body.
  const args = {
    category_slug: query.categorySlug,
    search: query.search,
    filters: state.filters,
    price_min: state.priceMin,
    price_max: state.priceMax,
    min_rating: state.minRating,
    in_stock_only: state.inStock,
    sort: state.sort,
    page_offset: offset,
    page_size: pageSize,
  };
  // A visitor's first page may already be on its way (index.html asked for it): then supabase-js is
  // not needed for it at all (a category page loads supabase-js only after its first paint).
  const handed = visitorFirstData(`${env.supabaseUrl}/rest/v1/rpc/browse_products`, JSON.stringify(args));
  const { data, error } = handed
    ? await answerOf(handed)
    : await (await getSupabase()).rpc('browse_products', args);
  if (error) throw toAppError(error);
  const { items, ...rest } = browseResultSchema.parse(data);
  const products: ListedProduct[] = items;
  return { ...rest, products, nextOffset: offset + items.length < rest.total ? offset + pageSize : null };
}

export const browseKeys = {
  all: ['products', 'browse'] as const,
  pages: (q: BrowseQuery, pageSize: number) => [...browseKeys.all, q, pageSize] as const,
};

export const browseQueries = {
  /** A listing for useInfiniteQuery ("Load more"): the page number never enters the URL or the key. */
  pages: (q: BrowseQuery, pageSize = BROWSE_PAGE_SIZE) =>
    infiniteQueryOptions({
      queryKey: browseKeys.pages(q, pageSize),
      queryFn: ({ pageParam }) => fetchBrowsePage(q, pageParam, pageSize),
      initialPageParam: 0,
      getNextPageParam: (last: BrowsePage) => last.nextOffset,
      staleTime: TWO_MINUTES,
    }),
};
