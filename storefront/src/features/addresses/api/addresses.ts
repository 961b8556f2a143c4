import type { QueryData } from '@supabase/supabase-js';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { addressSchema } from 'shared/schemas/profile';
import type { z } from 'zod';
import { toAppError } from '@/lib/errors';
import { getSupabase, type Supabase } from '@/lib/get-supabase';

/**
 * The `addresses` table: the one key factory, fetcher and mutation. The profile's Address tab and
 * the checkout's saved addresses read the same list (default first), so saving an address refreshes
 * both.
 */
export const addressKeys = {
  all: ['addresses'] as const,
  list: (userId: string) => [...addressKeys.all, 'list', userId] as const,
};

const COLUMNS = 'id,full_name,phone,address,city,state,pincode,is_default';

const selectAddresses = (supabase: Supabase, userId: string) =>
  supabase
    .from('addresses')
    .select(COLUMNS)
    .eq('user_id', userId)
    .order('is_default', { ascending: false })
    .order('id');

export type Address = QueryData<ReturnType<typeof selectAddresses>>[number];
/** The Address form's values once the shared schema has parsed them. */
export type AddressValues = z.output<typeof addressSchema>;

async function fetchAddresses(userId: string): Promise<Address[]> {
  const { data, error } = await selectAddresses(await getSupabase(), userId);
  if (error) throw toAppError(error);
  return data;
}

export const addressQueries = {
  list: (userId: string) =>
    queryOptions({ queryKey: addressKeys.list(userId), queryFn: () => fetchAddresses(userId) }),
};

/** Saves the default address: updates it when there is one, else adds it as the default. */
export function useSaveAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id?: number; values: AddressValues }) => {
      const supabase = await getSupabase();
      const row = {
        full_name: values.fullName,
        phone: values.phone,
        address: values.address,
        city: values.city,
        state: values.state,
        pincode: values.pincode,
      };
      const { error } = id
        ? await supabase.from('addresses').update(row).eq('id', id).eq('user_id', userId)
        : await supabase.from('addresses').insert({ ...row, user_id: userId, is_default: true });
      if (error) throw toAppError(error);
    },
    meta: { errorMessage: 'Could not save your address. Please try again.' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
