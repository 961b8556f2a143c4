import type { QueryData } from '@supabase/supabase-js';
import { queryOptions } from '@tanstack/react-query';
import type { Json } from 'shared/types/database';
import { DETAIL_COLUMNS, LIST_COLUMNS } from '@/features/catalog/api/columns';
import { toAppError } from '@/lib/errors';
import { getSupabase, type Supabase } from '@/lib/get-supabase';

/**
 * A product as the storefront lists it: the selected columns of `products` with its category, typed
 * from the generated `Database` through supabase-js (a renamed column fails `pnpm typecheck`). The
 * listing pages' products (browse_products, `api/browse-products.ts`) are checked to be one.
 */
export type Product = QueryData<ReturnType<typeof searchQuery>>[number];

/** `products.specifications` as its check constraint shapes it: an object with optional features, warranty, assembly. */
export interface ProductSpecifications {
  features: string[];
  warranty?: string;
  assembly?: string;
}

/** Reads the jsonb column (the database checks it is an object whose `features` is an array). */
export function productSpecifications(json: Json | null): ProductSpecifications {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return { features: [] };
  const text = (v: Json | undefined) => (typeof v === 'string' ? v : undefined);
  const features = Array.isArray(json.features) ? json.features.filter((f) => typeof f === 'string') : [];
  return { features, warranty: text(json.warranty), assembly: text(json.assembly) };
}

/** A short list's filter; the listing pages filter and sort through browse_products (`api/browse-products.ts`). */
export interface ProductFilter {
  categoryId?: number;
  featured?: boolean;
}

/** A short list (home's featured, related products): always with a limit, never the whole catalog. */
export interface ProductListFilter extends ProductFilter {
  limit: number;
}

const TWO_MINUTES = 2 * 60 * 1000;
const FIVE_MINUTES = 5 * 60 * 1000;

export const productKeys = {
  all: ['products'] as const,
  list: (f: ProductListFilter) => [...productKeys.all, 'list', f] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
  byIds: (ids: number[]) => [...productKeys.all, 'by-ids', ids] as const,
  search: (q: string, limit: number) => [...productKeys.all, 'search', q, limit] as const,
};

/** search_products returns products rows: the same columns as the lists (and their row type). */
const searchQuery = (supabase: Supabase, q: string, limit: number) =>
  supabase.rpc('search_products', { search: q, max_results: limit }).select(LIST_COLUMNS);
const selectProductDetail = (supabase: Supabase) => supabase.from('products').select(DETAIL_COLUMNS);

/** A product with its options and variants (the product page, the cart's pricing). */
export type ProductDetail = QueryData<ReturnType<typeof selectProductDetail>>[number];
export type ProductVariant = ProductDetail['variants'][number];
export type ProductOption = ProductDetail['options'][number];

/** Newest first (then by id, so equal times keep one order). */
function listQuery(supabase: Supabase, f: ProductFilter) {
  let query = supabase.from('products').select(LIST_COLUMNS);
  if (f.categoryId !== undefined) query = query.eq('category_id', f.categoryId);
  if (f.featured) query = query.eq('featured', true);
  return query.order('created_at', { ascending: false }).order('id', { ascending: true });
}

export async function fetchProducts(f: ProductListFilter): Promise<Product[]> {
  const supabase = await getSupabase();
  const { data, error } = await listQuery(supabase, f).limit(f.limit);
  if (error) throw toAppError(error);
  return data;
}

/**
 * One product by its numeric id or its slug, with its options and variants in the same request;
 * null when there is none (Product Not Found). Options, values and variants come in their `position`.
 */
export async function fetchProduct(idOrSlug: string): Promise<ProductDetail | null> {
  const supabase = await getSupabase();
  const query = selectProductDetail(supabase);
  const { data, error } = await (
    /^\d+$/.test(idOrSlug) ? query.eq('id', Number(idOrSlug)) : query.eq('slug', idOrSlug)
  ).maybeSingle();
  if (error) throw toAppError(error);
  return data && inPosition(data);
}

/** The cart's products, each with its variants (the lines are priced from the variant). */
export async function fetchProductsByIds(ids: number[]): Promise<ProductDetail[]> {
  const supabase = await getSupabase();
  if (ids.length === 0) return [];
  const { data, error } = await selectProductDetail(supabase).in('id', ids);
  if (error) throw toAppError(error);
  return data.map(inPosition);
}

const byPosition = (a: { position: number; id: number }, b: { position: number; id: number }) =>
  a.position - b.position || a.id - b.id;

function inPosition(p: ProductDetail): ProductDetail {
  return {
    ...p,
    options: [...p.options].sort(byPosition).map((o) => ({ ...o, values: [...o.values].sort(byPosition) })),
    variants: [...p.variants].sort(byPosition),
  };
}

/** Typo-tolerant search through the database's search_products (full text + trigram). */
export async function searchProducts(q: string, limit: number): Promise<Product[]> {
  const supabase = await getSupabase();
  const { data, error } = await searchQuery(supabase, q, limit);
  if (error) throw toAppError(error);
  return data;
}

export const productQueries = {
  // The spec caches the product list for 2 minutes and one product for 5.
  list: (f: ProductListFilter) =>
    queryOptions({ queryKey: productKeys.list(f), queryFn: () => fetchProducts(f), staleTime: TWO_MINUTES }),
  detail: (id: string) =>
    queryOptions({
      queryKey: productKeys.detail(id),
      queryFn: () => fetchProduct(id),
      staleTime: FIVE_MINUTES,
    }),
  byIds: (ids: number[]) =>
    queryOptions({
      queryKey: productKeys.byIds(ids),
      queryFn: () => fetchProductsByIds(ids),
      staleTime: TWO_MINUTES,
    }),
  search: (q: string, limit: number) =>
    queryOptions({
      queryKey: productKeys.search(q, limit),
      queryFn: () => searchProducts(q, limit),
      staleTime: TWO_MINUTES,
    }),
};
