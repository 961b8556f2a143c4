import type { QueryData } from '@supabase/supabase-js';
import { queryOptions } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { getSupabase, type Supabase } from '@/lib/get-supabase';

/**
 * The `states` table: India's 28 states and 8 union territories, by name, for the address forms'
 * State list. The database stores an address's state as one of these names (place_order and the
 * addresses table normalise a code or an old name to it). Its `kind` tells the checkout's GST
 * preview a union territory without a legislature (CGST + UTGST) from a state.
 */
export const stateKeys = {
  all: ['states'] as const,
  list: () => [...stateKeys.all, 'list'] as const,
};

const selectStates = (supabase: Supabase) => supabase.from('states').select('code,name,kind').order('name');

export type IndianState = QueryData<ReturnType<typeof selectStates>>[number];

async function fetchStates(): Promise<IndianState[]> {
  const { data, error } = await selectStates(await getSupabase());
  if (error) throw toAppError(error);
  return data;
}

export const stateQueries = {
  /** Changes only by a migration: read once per visit. */
  list: () => queryOptions({ queryKey: stateKeys.list(), queryFn: fetchStates, staleTime: Infinity }),
};
