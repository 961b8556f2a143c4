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

/** Where the confirmation mail's link lands: the home page, signed in (see confirmation-landing.ts). */
const confirmationLanding = () => `${window.location.origin}/`;

/**
 * Sign-up. Confirmations are on (supabase/config.toml, as on hosted Supabase): the answer is the new
 * user without a session, and a confirmation link is mailed; the shopper is signed in by that link.
 */
export async function signUp(input: { email: string; password: string; fullName: string; phone: string }) {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.signUp({
    email: input.email,
    password: input.password,
    options: {
      data: { full_name: input.fullName, phone: input.phone },
      emailRedirectTo: confirmationLanding(),
    },
  });
  if (error) throw error;
  return data;
}

/**
 * Mails the sign-up confirmation link again. Auth answers alike whether or not the address has an
 * account waiting for confirmation; only a refusal that says nothing about the address (too many
 * requests from this client, the network) is an error. The per-address mail frequency limit means a
 * link was sent moments ago: that is a success too.
 */
export async function resendConfirmation(email: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.resend({
    type: 'signup',
    email,
    options: { emailRedirectTo: confirmationLanding() },
  });
  if (error && error.code !== 'over_email_send_rate_limit') throw error;
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
