/**
 * What an Auth link left in the URL the browser landed on, read before supabase-js turns it into a
 * session and clears it: the sign-up confirmation link (`#access_token=…&type=signup`) signs the
 * shopper in; a used or expired link comes back as `#error_code=otp_expired&…`.
 */
export type AuthLanding = 'confirmed' | 'link-invalid' | null;

export function authLandingIn(hash: string): AuthLanding {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  if (p.get('access_token') && p.get('type') === 'signup') return 'confirmed';
  if (p.get('error_code') === 'otp_expired') return 'link-invalid';
  return null;
}

export const EMAIL_CONFIRMED = 'Your email address is confirmed. Welcome to FurniCraft!';
export const LINK_INVALID =
  'This link is invalid or has expired. To get a new confirmation link, log in and choose "Resend confirmation email".';
