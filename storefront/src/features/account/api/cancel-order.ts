import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '@/features/account/api/account';
import { toAppError } from '@/lib/errors';
import { getSupabase } from '@/lib/get-supabase';

/**
 * cancel_order: the owner cancels an order that has not shipped, and the stock returns. Its refusal
 * ('… has already shipped and can no longer be cancelled.') is written for the shopper.
 */
export function useCancelOrder(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: string) => {
      const supabase = await getSupabase();
      const { error } = await supabase.rpc('cancel_order', { order_id: orderId });
      if (error) {
        throw Object.assign(new Error(error.message), {
          userMessage: error.code === 'P0001' ? error.message : toAppError(error).userMessage,
        });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.orders(userId) }),
  });
}
