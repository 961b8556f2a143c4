import { toAdminError } from '@/lib/errors';
import { roleOf } from '@/lib/session';
import { supabase } from '@/lib/supabase';

export const INVALID_ADMIN = 'Invalid admin credentials. Please check your Admin ID and password.';
export const LOGIN_FAILED = 'Login failed. Please try again.';

export type SignInResult = { ok: true } | { ok: false; message: string };

/** The part of supabase-js's auth client this needs (tests pass a fake). */
interface AuthLike {
  signInWithPassword(c: { email: string; password: string }): Promise<{
    data: { user: { app_metadata?: unknown } | null };
    error: unknown;
  }>;
  signOut(): Promise<unknown>;
}

/**
 * Staff sign-in: wrong credentials and accounts without the admin role get the same message (and a
 * non-staff account is signed out again); anything else (network, server) is an unexpected failure.
 */
export async function signInAdmin(
  email: string,
  password: string,
  auth: AuthLike = supabase.auth,
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
    if (roleOf(data.user) !== 'admin') {
      await auth.signOut();
      return { ok: false, message: INVALID_ADMIN };
    }
    return { ok: true };
  } catch {
    return { ok: false, message: LOGIN_FAILED };
  }
}
