/**
 * Password recovery's words and the one thing read from the URL: whether the recovery link the
 * shopper followed failed. Auth sends a used or expired link back to /reset-password with
 * `#error=access_denied&error_code=otp_expired&error_description=…` (in the query for PKCE flows);
 * supabase-js reads those on load but keeps no note of them, so the page reads the URL it was loaded
 * with (captured before supabase-js clears it).
 */
import { authLinkErrorIn } from 'shared/auth/link-error';

export const RESET_SENT = (email: string) =>
  `If an account exists for ${email}, we've sent a link to set a new password. Check your inbox (and the spam folder). It can take a minute to arrive; after that you can ask for another one.`;
export const RESET_LINK_EXPIRED =
  'This password reset link has already been used or has expired. Links work once, for a limited time: ask for a new one below.';
export const RESET_LINK_MISSING =
  'To set a new password, open the link in the email we sent you. No email? Ask for a new link below.';
export const PASSWORD_CHANGED = 'Your password has been changed. You are signed in.';

/** The page's address when the storefront was loaded, before supabase-js turned its fragment into a session. */
export const hrefAtLoad = typeof window === 'undefined' ? '' : window.location.href;

/**
 * What failed about the recovery link the shopper arrived with, or null: 'expired' for Auth's
 * otp_expired (used or expired), 'invalid' for any other error it reported
 * (shared/src/auth/link-error.ts reads the URL).
 */
export function recoveryLinkErrorIn(href: string): 'expired' | 'invalid' | null {
  const e = authLinkErrorIn(href);
  if (!e) return null;
  return e.code === 'otp_expired' ? 'expired' : 'invalid';
}
