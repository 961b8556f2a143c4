import { queryOptions } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { getSupabase } from '@/lib/get-supabase';

/**
 * The `store_settings` row the cart and checkout preview (place_order enforces them): the cash on
 * delivery cap and the per-order limit on one product; and the low-stock level the product page's
 * "Only N left" follows. The delivery fee rule is not read here: it is `shared/pricing/delivery`
 * (docs/decisions/007-delivery-fee-rule-is-a-constant.md).
 */
export const storeSettingsKeys = {
  all: ['store-settings'] as const,
  checkoutRules: () => [...storeSettingsKeys.all, 'checkout-rules'] as const,
  lowStock: () => [...storeSettingsKeys.all, 'low-stock'] as const,
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

/** The store's low-stock level (a variant's own threshold overrides it), the one staff's alerts use. */
async function fetchLowStockThreshold(): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('store_settings').select('low_stock_threshold').single();
  if (error) throw toAppError(error);
  return data.low_stock_threshold;
}

export type CheckoutRules = Awaited<ReturnType<typeof fetchCheckoutRules>>;

export const storeSettingsQueries = {
  checkoutRules: () =>
    queryOptions({
      queryKey: storeSettingsKeys.checkoutRules(),
      queryFn: fetchCheckoutRules,
      staleTime: 5 * 60 * 1000,
    }),
  lowStockThreshold: () =>
    queryOptions({
      queryKey: storeSettingsKeys.lowStock(),
      queryFn: fetchLowStockThreshold,
      staleTime: 5 * 60 * 1000,
    }),
};
