import type { Provider } from '@supabase/supabase-js';
import { getSupabase } from '@/lib/get-supabase';

/** The prototype's admin flags in local storage: cleared on every sign-out (spec §4). */
const ADMIN_FLAGS = ['isAdminLoggedIn', 'adminSession'];

export async function signOut() {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.signOut();
  for (const key of ADMIN_FLAGS) localStorage.removeItem(key);
  if (error) throw error;
}

export async function signInWithPassword(email: string, password: string) {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
}

export async function signUp(input: { email: string; password: string; fullName: string; phone: string }) {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.signUp({
    email: input.email,
    password: input.password,
    options: {
      data: { full_name: input.fullName, phone: input.phone },
      emailRedirectTo: `${window.location.origin}/`,
    },
  });
  if (error) throw error;
  return data;
}

/** Google and GitHub sign-in redirect to the provider, then back to the site root. */
export async function signInWithProvider(provider: Extract<Provider, 'google' | 'github'>) {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.signInWithOAuth({
    provider,
    options: { redirectTo: `${window.location.origin}/` },
  });
  if (error) throw error;
}
