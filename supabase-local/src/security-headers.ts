/**
 * The security headers of the one built site (storefront at `/`, admin at `/admin/`), in one place
 * so that supabase-local's web server and a static host's configuration (nginx, Netlify `_headers`,
 * Vercel) send the same: call `siteSecurityHeaders` with the production API origin and write the
 * result out.
 *
 * Content-Security-Policy, directive by directive:
 * - scripts: the site's own files, the inline scripts of index.html by hash (the storefront's
 *   route-preload lines, build/preload-route.ts; hashes are computed from the built file, so a
 *   rebuild needs no edit here), and Razorpay's checkout script. No 'unsafe-inline', no eval.
 * - styles: 'self' plus 'unsafe-inline': the admin's MUI (Emotion) inserts <style> elements at run
 *   time, and the storefront's index.html paints the store's name with an inline style attribute
 *   before any script runs (storefront/README.md, Performance). Styles cannot run code.
 * - connect: the site and the API (REST, Auth, Storage, Functions; no Realtime socket is opened).
 * - images: the site, the API (Storage public URLs), data: and blob: (previews of a file being
 *   uploaded in the admin).
 * - frames: Razorpay's checkout (checkout.razorpay.com, api.razorpay.com).
 * - in development, the Razorpay sandbox on the API origin (its checkout.js) as well.
 * - frame-ancestors 'none' (with X-Frame-Options: DENY for older browsers): no clickjacking of the
 *   checkout or the admin; object-src 'none', base-uri 'self', form-action 'self'.
 */
import { createHash } from 'node:crypto';

export const RAZORPAY_CHECKOUT_ORIGIN = 'https://checkout.razorpay.com';
export const RAZORPAY_API_ORIGIN = 'https://api.razorpay.com';

export interface SiteSecurityOptions {
  /** The Supabase API's origin(s), e.g. https://xyz.supabase.co (several: loopback aliases). */
  apiOrigins: string[];
  /** 'sha256-…' sources of the page's inline scripts (`inlineScriptHashes`). */
  scriptHashes?: string[];
  /** The Razorpay sandbox on the API origin (development only). */
  razorpaySandbox?: boolean;
}

/** Headers for every answer of the site. */
export const SITE_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

export function contentSecurityPolicy(o: SiteSecurityOptions): string {
  const api = o.apiOrigins.join(' ');
  const sandbox = o.razorpaySandbox ? ` ${api}` : '';
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    [
      'script-src',
      ["'self'", ...(o.scriptHashes ?? []).map((h) => `'${h}'`), RAZORPAY_CHECKOUT_ORIGIN].join(' ') +
        sandbox,
    ],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', `'self' data: blob: ${api}`],
    ['font-src', "'self' data:"],
    ['connect-src', `'self' ${api}`],
    ['frame-src', `${RAZORPAY_CHECKOUT_ORIGIN} ${RAZORPAY_API_ORIGIN}${sandbox}`],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([k, v]) => `${k} ${v}`).join('; ');
}

/** Every header of an HTML page of the site (SITE_HEADERS plus its Content-Security-Policy). */
export function siteSecurityHeaders(o: SiteSecurityOptions): Record<string, string> {
  return { ...SITE_HEADERS, 'Content-Security-Policy': contentSecurityPolicy(o) };
}

/** 'sha256-…' of each inline `<script>` (one without src) of an HTML page, as CSP hashes them. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]!) || !m[2]) continue;
    out.push(`sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}`);
  }
  return out;
}
