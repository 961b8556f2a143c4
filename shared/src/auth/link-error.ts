/**
 * The error a failed Auth link leaves in the URL it redirects to: Auth sends a used, expired or
 * otherwise refused link back with `#error=access_denied&error_code=otp_expired&error_description=…`
 * (in the query for PKCE flows). supabase-js reads those parameters on load but keeps no note of
 * them, so a page that cares (the storefront's /reset-password, the admin's /admin/set-password)
 * reads the URL itself. Null when the URL carries no error (or is not a URL).
 */
export interface AuthLinkError {
  error: string | null;
  code: string | null;
  description: string | null;
}

export function authLinkErrorIn(href: string): AuthLinkError | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  for (const p of [new URLSearchParams(url.hash.replace(/^#/, '')), url.searchParams]) {
    const found = {
      error: p.get('error'),
      code: p.get('error_code'),
      description: p.get('error_description'),
    };
    if (found.error || found.code || found.description) return found;
  }
  return null;
}
