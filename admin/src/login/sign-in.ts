import { toAdminError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export const INVALID_ADMIN = 'Invalid admin credentials. Please check your Admin ID and password.';
export const LOGIN_FAILED = 'Login failed. Please try again.';

export type SignInResult = { ok: true } | { ok: false; message: string };

/** The part of supabase-js's auth client this needs (tests pass a fake). */
interface AuthLike {
  signInWithPassword(c: { email: string; password: string }): Promise<{
    data: { user: { id: string } | null };
    error: unknown;
  }>;
  signOut(): Promise<unknown>;
}

/** Whether the signed-in account is live staff: staff_access() (the staff_members table) says. */
async function isStaff(): Promise<boolean> {
  const { data, error } = await supabase.rpc('staff_access');
  if (error) throw error;
  return data !== null;
}

/**
 * Staff sign-in: wrong credentials and accounts that are not staff (no staff_members row) get the same
 * message (and a non-staff account is signed out again); anything else (network, server) is an unexpected failure.
 */
export async function signInAdmin(
  email: string,
  password: string,
  auth: AuthLike = supabase.auth,
  staff: () => Promise<boolean> = isStaff,
): Promise<SignInResult> {
  if (email === '' || password === '') return { ok: false, message: INVALID_ADMIN };
  try {
    const { data, error } = await auth.signInWithPassword({ email, password });
    // Auth refused (wrong credentials, rate limit, …): one message for all; no answer: try again
    if (error)
      return {
        ok: false,
        message: toAdminError(error).kind === 'unavailable' ? LOGIN_FAILED : INVALID_ADMIN,
      };
    if (!data.user || !(await staff())) {
      await auth.signOut();
      return { ok: false, message: INVALID_ADMIN };
    }
    return { ok: true };
  } catch {
    return { ok: false, message: LOGIN_FAILED };
  }
}
