import { getSupabase } from '@/lib/get-supabase';

// Password recovery's calls, apart from auth.ts (which the header's user menu puts in the entry
// chunk): only /forgot-password and /reset-password load these.

/** Where the recovery mail's link lands: /reset-password on this origin, signed in by the link. */
export const resetPasswordLanding = (origin: string = window.location.origin) => `${origin}/reset-password`;

/**
 * Asks Auth to mail a password recovery link. Auth answers alike for known and unknown addresses; the
 * one answer that differs (over_email_send_rate_limit, the per-account mail frequency: a link went to
 * this address moments ago) is taken as a success too, so the page never tells which addresses have
 * accounts. Only refusals that say nothing about the address throw: too many requests from this
 * client, the network, a malformed address.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: resetPasswordLanding(),
  });
  if (error && error.code !== 'over_email_send_rate_limit') throw error;
}

/** Sets the password of the account the recovery link signed in; the shopper stays signed in. */
export async function updatePassword(password: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}
