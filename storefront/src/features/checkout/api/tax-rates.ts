import type { QueryData } from '@supabase/supabase-js';
import { queryOptions } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { getSupabase, type Supabase } from '@/lib/get-supabase';

/**
 * `tax_rates`: GST rates by HSN code, dated (a change is a new row). The checkout's tax preview reads
 * them once (a few dozen rows) and picks each line's rate with shared/gst/rates `rateFor`; place_order
 * applies the same rule in the database (private.gst_rate), and its numbers are the ones kept.
 */
export const taxRateKeys = {
  all: ['tax-rates'] as const,
  list: () => [...taxRateKeys.all, 'list'] as const,
};

const selectTaxRates = (supabase: Supabase) =>
  supabase.from('tax_rates').select('hsn_code,rate,effective_from').order('hsn_code').order('effective_from');

export type TaxRate = QueryData<ReturnType<typeof selectTaxRates>>[number];

async function fetchTaxRates(): Promise<TaxRate[]> {
  const { data, error } = await selectTaxRates(await getSupabase());
  if (error) throw toAppError(error);
  return data;
}

export const taxRateQueries = {
  /** Read once per visit: rates change by notification, a few times a decade. */
  list: () =>
    queryOptions({ queryKey: taxRateKeys.list(), queryFn: fetchTaxRates, staleTime: 30 * 60 * 1000 }),
};
