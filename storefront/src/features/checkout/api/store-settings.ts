import { queryOptions } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { getSupabase } from '@/lib/get-supabase';

/**
 * The `store_settings` row the cart and checkout preview (place_order enforces them): the cash on
 * delivery cap and the per-order limit on one product. The delivery fee rule is not read here: it
 * is `shared/pricing/delivery` (docs/decisions/007-delivery-fee-rule-is-a-constant.md).
 */
export const storeSettingsKeys = {
  all: ['store-settings'] as const,
  checkoutRules: () => [...storeSettingsKeys.all, 'checkout-rules'] as const,
};

async function fetchCheckoutRules() {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('store_settings')
    .select('cod_max_order_total,max_quantity_per_line')
    .single();
  if (error) throw toAppError(error);
  return data;
}

export type CheckoutRules = Awaited<ReturnType<typeof fetchCheckoutRules>>;

export const storeSettingsQueries = {
  checkoutRules: () =>
    queryOptions({
      queryKey: storeSettingsKeys.checkoutRules(),
      queryFn: fetchCheckoutRules,
      staleTime: 5 * 60 * 1000,
    }),
};
