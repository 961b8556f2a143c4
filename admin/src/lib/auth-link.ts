/**
 * The error a failed Auth link leaves in the URL it redirects to (`#error_code=otp_expired&
 * error_description=…`, also in the query for PKCE flows), or null. supabase-js reads the same
 * parameters on load but keeps no note of them, so the page that cares reads them itself.
 */
export function linkErrorIn(url: string): string | null {
  const u = new URL(url);
  const fragment = new URLSearchParams(u.hash.replace(/^#/, ''));
  for (const p of [fragment, u.searchParams]) {
    const error = p.get('error_description') ?? p.get('error_code') ?? p.get('error');
    if (error) return error;
  }
  return null;
}
