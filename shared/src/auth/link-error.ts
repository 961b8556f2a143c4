/**
 * The error a failed Auth link leaves in the URL it redirects to: Auth sends a used, expired or
 * otherwise refused link back with `#error=access_denied&error_code=otp_expired&error_description=…`
 * (in the query for PKCE flows). supabase-js reads those parameters on load but keeps no note of
 * them, so a page that cares (the storefront's /reset-password, the admin's /admin/set-password)
 * reads the URL itself. Null when the URL carries no error. (Read without URL/URLSearchParams: shared
 * code is plain ES, for the browser, Node and Deno alike.)
 */
export interface AuthLinkError {
  error: string | null;
  code: string | null;
  description: string | null;
}

export function authLinkErrorIn(href: string): AuthLinkError | null {
  const hashAt = href.indexOf('#');
  const beforeHash = hashAt < 0 ? href : href.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const parts = [hashAt < 0 ? '' : href.slice(hashAt + 1), queryAt < 0 ? '' : beforeHash.slice(queryAt + 1)];
  for (const p of parts.map(paramsOf)) {
    const found = {
      error: p.get('error') ?? null,
      code: p.get('error_code') ?? null,
      description: p.get('error_description') ?? null,
    };
    if (found.error || found.code || found.description) return found;
  }
  return null;
}

/** `a=1&b=x+y` → a map (form encoding: + is a space), first value of a name kept, as URLSearchParams.get. */
function paramsOf(part: string): Map<string, string> {
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  const params = new Map<string, string>();
  for (const pair of part.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const name = decode(eq < 0 ? pair : pair.slice(0, eq));
    if (!params.has(name)) params.set(name, decode(eq < 0 ? '' : pair.slice(eq + 1)));
  }
  return params;
}
