import { confirmProblem, passwordProblem } from 'shared/schemas/password';
import { toAdminError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** The rules the storefront's sign-up and reset pages check too (shared/schemas/password.ts). */
export { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH } from 'shared/schemas/password';

export const RESET_SENT =
  'If an account exists for that e-mail address, a link to set a new password is on its way. Check your inbox.';
export const RESET_FAILED = 'Could not send the e-mail. Please try again.';
export const RESET_TOO_MANY = 'Too many requests. Please wait a few minutes and try again.';
export const INVALID_EMAIL = 'Enter a valid e-mail address.';
export const LINK_INVALID = 'This password reset link is invalid or has expired. Please request a new one.';
export const SET_FAILED = 'Could not set the password. Please try again.';
export const PASSWORD_SET = 'Your password has been changed. Please sign in with your new password.';

/** The parts of supabase-js's auth client these need (tests pass fakes). */
interface ResetAuth {
  resetPasswordForEmail(email: string, options: { redirectTo: string }): Promise<{ error: unknown }>;
}

interface UpdateAuth {
  updateUser(attributes: { password: string }): Promise<{ error: unknown }>;
  signOut(options: { scope: 'local' }): Promise<unknown>;
}

export type Outcome = { ok: true } | { ok: false; message: string };

/** Where the mailed link sends staff back to: /admin/set-password on this origin. */
export function setPasswordUrl(origin: string, base: string = import.meta.env.BASE_URL): string {
  return new URL('set-password', new URL(base, origin)).href;
}

/**
 * Asks Auth to mail a recovery link. Auth answers alike for known and unknown addresses, and the
 * answers that differ (the per-account mail frequency limit) are shown as the same confirmation, so
 * the page never tells which e-mail addresses have accounts. Only failures that say nothing about
 * the address (network, server, the per-client request limit, a malformed address) are shown.
 */
export async function requestPasswordReset(
  email: string,
  redirectTo: string,
  auth: ResetAuth = supabase.auth,
): Promise<Outcome> {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { ok: false, message: INVALID_EMAIL };
  try {
    const { error } = await auth.resetPasswordForEmail(email, { redirectTo });
    if (!error) return { ok: true };
    const e = toAdminError(error);
    // the per-client limit says nothing about the address; the per-account one would
    if (e.code === 'over_request_rate_limit') return { ok: false, message: RESET_TOO_MANY };
    if (e.kind === 'invalid_input') return { ok: false, message: INVALID_EMAIL };
    if (e.kind === 'unavailable') return { ok: false, message: RESET_FAILED };
    return { ok: true };
  } catch {
    return { ok: false, message: RESET_FAILED };
  }
}

export interface NewPasswordProblems {
  password?: string;
  confirm?: string;
}

/** The form's own checks (the store's one set of password rules), before Auth applies its own. */
export function checkNewPassword(password: string, confirm: string): NewPasswordProblems {
  const problems: NewPasswordProblems = {};
  const p = passwordProblem(password);
  const c = confirmProblem(password, confirm);
  if (p) problems.password = p;
  if (c) problems.confirm = c;
  return problems;
}

/**
 * Sets the password of the account the recovery link signed in, then ends that session: staff sign
 * in again with the new password (Auth has already ended the account's other sessions).
 */
export async function setNewPassword(password: string, auth: UpdateAuth = supabase.auth): Promise<Outcome> {
  try {
    const { error } = await auth.updateUser({ password });
    if (error) {
      const e = toAdminError(error);
      // Auth's password rules, in its words
      if (e.code === 'weak_password' || e.code === 'same_password') return { ok: false, message: e.message };
      // no session (the link was not followed, or was already used) or one Auth no longer accepts;
      // or an old session (secure_password_change: over 24 hours) that a fresh reset link replaces
      if (e.signsOut) return { ok: false, message: LINK_INVALID };
      return { ok: false, message: SET_FAILED };
    }
    await auth.signOut({ scope: 'local' });
    return { ok: true };
  } catch {
    return { ok: false, message: SET_FAILED };
  }
}
