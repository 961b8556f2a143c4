import type { QueryData } from '@supabase/supabase-js';
import { queryOptions } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { getSupabase, type Supabase } from '@/lib/get-supabase';

/**
 * The `pincodes` table (India Post's directory): the city, district and state of a pincode, which the
 * address forms fill in when a pincode is typed. Shoppers may read only these columns (never the
 * zone), so they are always named.
 */
export const pincodeKeys = {
  all: ['pincodes'] as const,
  place: (pincode: string) => [...pincodeKeys.all, 'place', pincode] as const,
};

const selectPlace = (supabase: Supabase, pincode: string) =>
  supabase
    .from('pincodes')
    .select('pincode,city,district,state_code,states(name)')
    .eq('pincode', pincode)
    .maybeSingle();

export type PincodePlace = NonNullable<QueryData<ReturnType<typeof selectPlace>>>;

/** null: not in the directory (check_delivery then says so in its own words). */
async function fetchPlace(pincode: string): Promise<PincodePlace | null> {
  const { data, error } = await selectPlace(await getSupabase(), pincode);
  if (error) throw toAppError(error);
  return data;
}

export const pincodeQueries = {
  place: (pincode: string) =>
    queryOptions({
      queryKey: pincodeKeys.place(pincode),
      queryFn: () => fetchPlace(pincode),
      staleTime: 60 * 60 * 1000,
    }),
};
