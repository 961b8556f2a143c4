import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { getSupabase } from '@/lib/get-supabase';

/** The `profiles` table: the signed-in shopper's name and phone. */
export const profileKeys = {
  all: ['profiles'] as const,
  detail: (userId: string) => [...profileKeys.all, 'detail', userId] as const,
};

async function fetchProfile(userId: string) {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('profiles')
    .select('id,full_name,phone')
    .eq('id', userId)
    .maybeSingle();
  if (error) throw toAppError(error);
  return data;
}

export const profileQueries = {
  detail: (userId: string) =>
    queryOptions({ queryKey: profileKeys.detail(userId), queryFn: () => fetchProfile(userId) }),
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
    meta: { errorMessage: 'Could not update your profile. Please try again.' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
