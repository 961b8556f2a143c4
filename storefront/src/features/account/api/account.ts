import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { getSupabase } from '@/lib/get-supabase';

export interface Profile {
  id: string;
  full_name: string | null;
  phone: string | null;
}

export interface Address {
  id: number;
  full_name: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  is_default: boolean;
}

export interface OrderSummary {
  id: string;
  order_number: string;
  status: string;
  payment_status: string;
  total: number;
  created_at: string;
  items: { product_name: string; quantity: number; unit_price: number }[];
}

export const accountKeys = {
  all: ['account'] as const,
  profile: (userId: string) => [...accountKeys.all, 'profile', userId] as const,
  addresses: (userId: string) => [...accountKeys.all, 'addresses', userId] as const,
  orders: (userId: string) => [...accountKeys.all, 'orders', userId] as const,
};

async function fetchProfile(userId: string): Promise<Profile | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('profiles')
    .select('id,full_name,phone')
    .eq('id', userId)
    .maybeSingle();
  if (error) throw toAppError(error);
  return data as Profile | null;
}

async function fetchAddresses(userId: string): Promise<Address[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('addresses')
    .select('id,full_name,phone,address,city,state,pincode,is_default')
    .eq('user_id', userId)
    .order('is_default', { ascending: false })
    .order('created_at');
  if (error) throw toAppError(error);
  return data as Address[];
}

async function fetchOrders(userId: string): Promise<OrderSummary[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('orders')
    .select(
      'id,order_number,status,payment_status,total,created_at,items:order_items(product_name,quantity,unit_price)',
    )
    .eq('user_id', userId)
    .order('created_at', { ascending: false });
  if (error) throw toAppError(error);
  return (data as unknown as OrderSummary[]).map((o) => ({ ...o, total: Number(o.total) }));
}

export const accountQueries = {
  profile: (userId: string) =>
    queryOptions({ queryKey: accountKeys.profile(userId), queryFn: () => fetchProfile(userId) }),
  addresses: (userId: string) =>
    queryOptions({ queryKey: accountKeys.addresses(userId), queryFn: () => fetchAddresses(userId) }),
  orders: (userId: string) =>
    queryOptions({ queryKey: accountKeys.orders(userId), queryFn: () => fetchOrders(userId) }),
};

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { fullName: string; phone: string }) => {
      const supabase = await getSupabase();
      const { error } = await supabase
        .from('profiles')
        .update({ full_name: v.fullName, phone: v.phone })
        .eq('id', userId);
      if (error) throw toAppError(error);
      // Keep the session's name (header, forms) in step with the profile.
      await supabase.auth.updateUser({ data: { full_name: v.fullName, phone: v.phone } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile(userId) }),
  });
}

export interface AddressValues {
  fullName: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
}

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
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.addresses(userId) }),
  });
}
