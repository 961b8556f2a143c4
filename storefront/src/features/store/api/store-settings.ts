import { queryOptions } from '@tanstack/react-query';
import { STORE_SETTINGS_COLUMNS } from '@/features/store/api/store-settings-columns';
import { toAppError } from '@/lib/errors';
import { getSupabase } from '@/lib/get-supabase';

/**
 * The `store_settings` row the cart and checkout preview (place_order enforces them): the cash on
 * delivery cap and the per-order limit on one product; the low-stock level the product page's
 * "Only N left" follows; and the seller's legal details (name, address, GSTIN, grievance officer,
 * customer care) that the footer, the /legal pages, the product page's declarations and the
 * checkout's tax preview show; the return window and pickup horizon (product page, returns policy,
 * FAQ, the return form: request_return enforces them). The delivery fee rule is not read here: it is `shared/pricing/delivery`
 * (docs/decisions/007-delivery-fee-rule-is-a-constant.md).
 */
export const storeSettingsKeys = {
  all: ['store-settings'] as const,
};

/**
 * The one row, read once for every screen that shows part of it (one request, one cache entry): the
 * checkout's rules, the low-stock level, the seller's legal details (Consumer Protection (E-Commerce)
 * Rules 2020 r.4(2), r.4(4), r.4(5): legal name, registered address, GSTIN with its state code and
 * PAN, the grievance officer, customer care; staff edit them in the admin, nothing is typed here) and
 * the shipping policy's terms.
 */
async function fetchStoreSettings() {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('store_settings').select(STORE_SETTINGS_COLUMNS).single();
  if (error) throw toAppError(error);
  return data;
}

type StoreSettings = Awaited<ReturnType<typeof fetchStoreSettings>>;

const checkoutRules = ({ cod_max_order_total, max_quantity_per_line }: StoreSettings) => ({
  cod_max_order_total,
  max_quantity_per_line,
});

const businessDetails = (s: StoreSettings) => ({
  legal_name: s.legal_name,
  registered_address: s.registered_address,
  gstin: s.gstin,
  pan: s.pan,
  gst_state_code: s.gst_state_code,
  grievance_officer_name: s.grievance_officer_name,
  grievance_officer_designation: s.grievance_officer_designation,
  grievance_officer_email: s.grievance_officer_email,
  grievance_officer_phone: s.grievance_officer_phone,
  grievance_officer_hours: s.grievance_officer_hours,
  customer_care_email: s.customer_care_email,
  customer_care_phone: s.customer_care_phone,
  customer_care_hours: s.customer_care_hours,
});

/** What the shipping policy states from the settings: the COD cap, the daily cut-off, closed weekdays. */
const shippingTerms = ({ cod_max_order_total, order_cutoff, non_delivery_weekdays }: StoreSettings) => ({
  cod_max_order_total,
  order_cutoff,
  non_delivery_weekdays,
});

/** The return window (days from delivery; a product may have its own) and how far ahead a pickup may be booked. */
const returnTerms = ({ return_window_days, return_pickup_days }: StoreSettings) => ({
  return_window_days,
  return_pickup_days,
});

export type ShippingTerms = ReturnType<typeof shippingTerms>;

export type ReturnTerms = ReturnType<typeof returnTerms>;

export type BusinessDetails = ReturnType<typeof businessDetails>;

export type CheckoutRules = ReturnType<typeof checkoutRules>;

const settings = { queryKey: storeSettingsKeys.all, queryFn: fetchStoreSettings, staleTime: 5 * 60 * 1000 };

/** Each screen's part of the one row (TanStack Query's `select`: one fetch serves them all). */
export const storeSettingsQueries = {
  checkoutRules: () => queryOptions({ ...settings, select: checkoutRules }),
  /** The store's low-stock level (a variant's own threshold overrides it), the one staff's alerts use. */
  lowStockThreshold: () => queryOptions({ ...settings, select: (s: StoreSettings) => s.low_stock_threshold }),
  business: () => queryOptions({ ...settings, select: businessDetails }),
  shippingTerms: () => queryOptions({ ...settings, select: shippingTerms }),
  returnTerms: () => queryOptions({ ...settings, select: returnTerms }),
};
