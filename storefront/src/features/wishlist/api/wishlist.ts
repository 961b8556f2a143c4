import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { getSupabase } from '@/lib/get-supabase';

export interface WishlistProduct {
  id: number;
  name: string;
  price: number;
  original_price: number | null;
  image_url: string | null;
  in_stock: boolean;
  stock_quantity: number;
}

export interface WishlistItem {
  id: number;
  product_id: number;
  created_at: string;
  product: WishlistProduct;
}

export const wishlistKeys = {
  all: ['wishlist'] as const,
  list: (userId: string) => [...wishlistKeys.all, userId] as const,
};

export async function fetchWishlist(userId: string): Promise<WishlistItem[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('wishlist_items')
    .select(
      'id,product_id,created_at,product:products(id,name,price,original_price,image_url,in_stock,stock_quantity)',
    )
    .eq('user_id', userId)
    .order('created_at', { ascending: false });
  if (error) throw toAppError(error);
  return (data as unknown as WishlistItem[]).map((item) => ({
    ...item,
    product: {
      ...item.product,
      price: Number(item.product.price),
      original_price: item.product.original_price == null ? null : Number(item.product.original_price),
    },
  }));
}

export const wishlistQueries = {
  list: (userId: string) =>
    queryOptions({ queryKey: wishlistKeys.list(userId), queryFn: () => fetchWishlist(userId) }),
};

/** Saves a product; saving it twice is not an error (the unique key answers 23505). */
export function useAddToWishlist(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (productId: number) => {
      const supabase = await getSupabase();
      const { error } = await supabase
        .from('wishlist_items')
        .insert({ user_id: userId, product_id: productId });
      if (error && error.code !== '23505') throw toAppError(error);
      return error ? 'already' : 'added';
    },
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
  });
}
