import { roleOf } from '@/lib/session';
import { supabase } from '@/lib/supabase';

export const INVALID_ADMIN = 'Invalid admin credentials. Please check your Admin ID and password.';
export const LOGIN_FAILED = 'Login failed. Please try again.';

export type SignInResult = { ok: true } | { ok: false; message: string };

interface AuthLike {
  signInWithPassword(c: { email: string; password: string }): Promise<{
    data: { user: { app_metadata?: unknown } | null };
    error: { status?: number; message: string } | null;
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
  auth: AuthLike = supabase.auth as unknown as AuthLike,
): Promise<SignInResult> {
  if (email === '' || password === '') return { ok: false, message: INVALID_ADMIN };
  try {
    const { data, error } = await auth.signInWithPassword({ email, password });
    if (error) {
      const status = error.status ?? 0;
      return { ok: false, message: status >= 400 && status < 500 ? INVALID_ADMIN : LOGIN_FAILED };
    }
    if (roleOf(data.user) !== 'admin') {
      await auth.signOut();
      return { ok: false, message: INVALID_ADMIN };
    }
    return { ok: true };
  } catch {
    return { ok: false, message: LOGIN_FAILED };
  }
}
