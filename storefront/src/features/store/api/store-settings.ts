import { queryOptions } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { getSupabase } from '@/lib/get-supabase';

/**
 * The `store_settings` row the cart and checkout preview (place_order enforces them): the cash on
 * delivery cap and the per-order limit on one product; the low-stock level the product page's
 * "Only N left" follows; and the seller's legal details (name, address, GSTIN, grievance officer,
 * customer care) that the footer, the /legal pages, the product page's declarations and the
 * checkout's tax preview show. The delivery fee rule is not read here: it is `shared/pricing/delivery`
 * (docs/decisions/007-delivery-fee-rule-is-a-constant.md).
 */
export const storeSettingsKeys = {
  all: ['store-settings'] as const,
  checkoutRules: () => [...storeSettingsKeys.all, 'checkout-rules'] as const,
  lowStock: () => [...storeSettingsKeys.all, 'low-stock'] as const,
  business: () => [...storeSettingsKeys.all, 'business'] as const,
  shippingTerms: () => [...storeSettingsKeys.all, 'shipping-terms'] as const,
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

/**
 * Who sells (Consumer Protection (E-Commerce) Rules 2020 r.4(2) and r.4(4)): legal name, registered
 * address, GSTIN (its state code and PAN are generated from it), the grievance officer (r.4(5)) and
 * customer care. Staff edit them in the admin; nothing here is typed in the storefront's copy.
 */
async function fetchBusinessDetails() {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('store_settings')
    .select(
      'legal_name,registered_address,gstin,pan,gst_state_code,grievance_officer_name,grievance_officer_designation,grievance_officer_email,grievance_officer_phone,grievance_officer_hours,customer_care_email,customer_care_phone,customer_care_hours',
    )
    .single();
  if (error) throw toAppError(error);
  return data;
}

/** What the shipping policy states from the settings: the COD cap, the daily cut-off, closed weekdays. */
async function fetchShippingTerms() {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('store_settings')
    .select('cod_max_order_total,order_cutoff,non_delivery_weekdays')
    .single();
  if (error) throw toAppError(error);
  return data;
}

export type ShippingTerms = Awaited<ReturnType<typeof fetchShippingTerms>>;

export type BusinessDetails = Awaited<ReturnType<typeof fetchBusinessDetails>>;

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
  /** Read once per visit (every page's footer shows them); staff change them rarely. */
  business: () =>
    queryOptions({
      queryKey: storeSettingsKeys.business(),
      queryFn: fetchBusinessDetails,
      staleTime: 30 * 60 * 1000,
    }),
  shippingTerms: () =>
    queryOptions({
      queryKey: storeSettingsKeys.shippingTerms(),
      queryFn: fetchShippingTerms,
      staleTime: 5 * 60 * 1000,
    }),
};
