import type { QueryData } from '@supabase/supabase-js';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { getSupabase, type Supabase } from '@/lib/get-supabase';

export const wishlistKeys = {
  all: ['wishlist'] as const,
  list: (userId: string) => [...wishlistKeys.all, 'list', userId] as const,
};

const selectWishlist = (supabase: Supabase, userId: string) =>
  supabase
    .from('wishlist_items')
    .select(
      'id,product_id,variant_id,created_at,product:products!inner(id,slug,name,price,price_max,variant_count,original_price,image_url,in_stock,stock_quantity),variant:product_variants(id,sku,title,price,original_price,images,is_default,is_active,made_to_order,available_quantity)',
    )
    .eq('user_id', userId)
    .order('created_at', { ascending: false });

/**
 * A saved product with what the wishlist page shows of it; with the variant it was saved in when it
 * was saved from a product page (null for older rows, or once that variant is gone or inactive).
 * `products!inner`: a product the store deactivated is hidden by RLS, so its row leaves the list
 * instead of arriving with a null product.
 */
export type WishlistItem = QueryData<ReturnType<typeof selectWishlist>>[number];

export async function fetchWishlist(userId: string): Promise<WishlistItem[]> {
  const { data, error } = await selectWishlist(await getSupabase(), userId);
  if (error) throw toAppError(error);
  return data;
}

export const wishlistQueries = {
  list: (userId: string) =>
    queryOptions({ queryKey: wishlistKeys.list(userId), queryFn: () => fetchWishlist(userId) }),
};

/**
 * Saves a product in the variant the shopper chose; saving the product twice is not an error (one row
 * per product: the unique key answers 23505).
 */
export function useAddToWishlist(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ productId, variantId }: { productId: number; variantId: number | null }) => {
      const supabase = await getSupabase();
      const { error } = await supabase
        .from('wishlist_items')
        .insert({ user_id: userId, product_id: productId, variant_id: variantId });
      if (error && error.code !== '23505') throw toAppError(error);
      return error ? 'already' : 'added';
    },
    meta: { errorMessage: 'Could not add to your wishlist. Please try again.' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
  });
}

export function useRemoveFromWishlist(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (itemId: number) => {
      const supabase = await getSupabase();
      const { error } = await supabase.from('wishlist_items').delete().eq('id', itemId).eq('user_id', userId);
      if (error) throw toAppError(error);
    },
    meta: { errorMessage: 'Could not remove it. Please try again.' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
  });
}
