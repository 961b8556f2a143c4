/**
 * Who may talk to supabase-local from a browser, shared by the API gateway and the web server.
 *
 * - Host (DNS rebinding): a page on evil.example whose name is made to resolve to 127.0.0.1 talks
 *   to us as "same origin", with `Host: evil.example:54321`. Only loopback names (localhost,
 *   127.x.x.x, [::1]) and the hosts of the configured URLs (the site, the redirect URLs, the
 *   addresses we listen on) are served; anything else is refused before any service sees it.
 * - Origin (CORS): only the configured site origins (config.toml `auth.site_url` and
 *   `auth.additional_redirect_urls`), the web origin supabase-local serves, and the API's own origin
 *   may read answers from a browser. Any other page gets no Access-Control-Allow-Origin.
 */
import type { SupabaseConfig } from './config.ts';

/** The host name of a Host header (`Example.com:3000` → `example.com`, `[::1]:1` → `::1`). */
export function hostName(header: string | undefined): string | undefined {
  const h = header?.trim().toLowerCase();
  if (!h) return undefined;
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]/\s@]+)(?::(\d{1,5}))?$/.exec(h);
  if (!m) return undefined;
  return m[1]!.replace(/^\[|\]$/g, '');
}

/** localhost, 127.x.x.x, ::1: names that always mean this machine. */
export function isLoopbackName(name: string): boolean {
  if (name === 'localhost' || name === '::1') return true;
  const v4 = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(name);
  return v4 !== null && v4.slice(1).every((n) => Number(n) <= 255);
}

/** `http://Example.com:3000/admin/` → `http://example.com:3000`; undefined when not an http(s) URL. */
export function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The site URLs of config.toml: `auth.site_url` and `auth.additional_redirect_urls`. */
export function configuredUrls(config: SupabaseConfig): string[] {
  return [config.auth.siteUrl, ...config.auth.additionalRedirectUrls].filter(Boolean);
}

/**
 * An origin on a loopback address, and the same origin under the other loopback names a browser
 * may use for it (127.0.0.1 ↔ localhost ↔ [::1]), port kept.
 */
export function withLoopbackAliases(origin: string): string[] {
  const u = new URL(origin);
  if (!isLoopbackName(u.hostname.replace(/^\[|\]$/g, ''))) return [origin];
  const port = u.port ? `:${u.port}` : '';
  const all = [origin, ...['localhost', '127.0.0.1', '[::1]'].map((h) => `${u.protocol}//${h}${port}`)];
  return [...new Set(all)];
}

export interface RequestGuard {
  /** Is this Host header one we serve? */
  hostAllowed(header: string | undefined): boolean;
  /** Is this Origin header one whose pages may read our answers? */
  originAllowed(origin: string | undefined): boolean;
  /** The allowed origins (for the start-up banner and tests). */
  origins(): string[];
}

/**
 * `urls()` is read on every request: the web and API URLs are known only once listening.
 * Every URL's host becomes an allowed Host, every URL's origin an allowed Origin.
 */
export function createRequestGuard(urls: () => (string | undefined)[]): RequestGuard {
  let cacheKey = '';
  let origins = new Set<string>();
  let hosts = new Set<string>();
  const current = () => {
    const list = urls().filter((u): u is string => Boolean(u));
    const key = list.join('\n');
    if (key !== cacheKey) {
      cacheKey = key;
      const o = list.map(originOf).filter((x): x is string => Boolean(x));
      origins = new Set(o.flatMap(withLoopbackAliases));
      hosts = new Set(o.map((x) => new URL(x).hostname.replace(/^\[|\]$/g, '')));
    }
    return { origins, hosts };
  };
  return {
    hostAllowed(header) {
      const name = hostName(header);
      return name !== undefined && (isLoopbackName(name) || current().hosts.has(name));
    },
    originAllowed(origin) {
      const o = origin ? originOf(origin.trim()) : undefined; // 'null' (sandboxed pages, file:) is none
      return o !== undefined && current().origins.has(o);
    },
    origins: () => [...current().origins],
  };
}

/** The answer to a refused Host (421 Misdirected Request: this server does not serve that name). */
export const MISDIRECTED = {
  status: 421,
  message:
    'This server does not answer for that host name. supabase-local serves loopback names ' +
    '(localhost, 127.0.0.1, [::1]) and the hosts of the URLs in supabase/config.toml.',
};
