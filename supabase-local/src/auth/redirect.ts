/**
 * Where Auth may send a browser back to (GoTrue's utilities.GetReferrer / IsRedirectURLValid): the
 * site_url's origin (any port on loopback hosts), loopback addresses, or an entry of
 * additional_redirect_urls, which are globs as in GoTrue (`*` stops at `.` and `/`, `**` does not).
 * Anything else falls back to site_url, so a crafted link cannot bounce tokens to another site.
 */
import type { AuthSettings } from './options.ts';

function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

const globCache = new Map<string, RegExp>();

/** gobwas/glob with separators '.' and '/'. */
export function globToRegExp(pattern: string): RegExp {
  let re = globCache.get(pattern);
  if (re) return re;
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      out += '.*';
      i++;
    } else if (c === '*') out += '[^./]*';
    else if (c === '?') out += '[^./]';
    else if (c === '{') {
      const end = pattern.indexOf('}', i);
      if (end < 0) out += '\\{';
      else {
        out += `(?:${pattern
          .slice(i + 1, end)
          .split(',')
          .map(escape)
          .join('|')})`;
        i = end;
      }
    } else out += escape(c);
  }
  re = new RegExp(`^${out}$`);
  globCache.set(pattern, re);
  return re;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export function isRedirectUrlValid(settings: AuthSettings, candidate: string): boolean {
  if (!candidate) return false;
  let base: URL;
  let ref: URL;
  try {
    base = new URL(settings.siteUrl);
    ref = new URL(candidate);
  } catch {
    return false;
  }
  // the host as written (WHATWG URL would turn http://2130706433/ into 127.0.0.1; Go keeps it and refuses)
  const rawHost = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?([^/?#:]*)/i.exec(candidate)?.[1] ?? '';
  if (/^[0-9]+$/.test(rawHost)) return false;
  if (
    base.hostname === ref.hostname &&
    base.protocol === ref.protocol &&
    (base.port === ref.port || isLoopback(ref.hostname))
  ) {
    return true;
  }
  const scheme = ref.protocol.replace(/:$/, '').toLowerCase();
  const isHttp = scheme === 'http' || scheme === 'https';
  const host = ref.hostname;
  if (/^[0-9]+$/.test(host)) return false;
  if (/^\[?[0-9a-f:.]+\]?$/i.test(host) && (host.includes(':') || /^\d+\.\d+\.\d+\.\d+$/.test(host)))
    return isLoopback(host);
  if (isHttp && !/^[a-zA-Z0-9.-]+$/.test(host)) return false;
  const withoutFragment = candidate.split('#')[0]!;
  return settings.redirectAllowList.some((p) => globToRegExp(p).test(withoutFragment));
}

/** redirect_to (query or header) when allowed, else site_url. */
export function referrer(settings: AuthSettings, redirectTo: string | null | undefined): string {
  return redirectTo && isRedirectUrlValid(settings, redirectTo) ? redirectTo : settings.siteUrl;
}
