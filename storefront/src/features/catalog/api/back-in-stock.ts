import { useMutation } from '@tanstack/react-query';
import type { Database } from 'shared/types/database';
import { toAppError } from '@/lib/errors';
import { getSupabase } from '@/lib/get-supabase';

/** The shopper's waiting request (one per variant while waiting; the e-mail is the account's). */
export type BackInStockRequest = Database['public']['Functions']['request_back_in_stock']['Returns'];

/**
 * "Notify me when back in stock": request_back_in_stock makes (or finds) the signed-in shopper's
 * request; the database notifies once, through the outbox, when the variant's stock returns. It
 * refuses (detail 'in_stock') a variant that can be bought now.
 */
export async function requestBackInStock(variantId: number): Promise<BackInStockRequest> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('request_back_in_stock', { variant_id: variantId });
  if (error) throw toAppError(error);
  return data;
}

export function useRequestBackInStock() {
  return useMutation({
    mutationFn: requestBackInStock,
    // The button shows the refusal itself ('in_stock' means: buy it now), with the page refreshed.
    meta: { handlesError: true },
  });
}
