/**
 * The three host configurations of the one built site (deploy/nginx.conf, Netlify's _headers and
 * _redirects, vercel.json) say the same thing: each file is parsed and its host's routing rules are
 * played on the same requests (nginx: exact, regex, then longest-prefix locations, try_files and
 * internal redirects; Netlify: rules in order, a file shadowing an unforced rule, later header rules
 * overriding earlier ones; Vercel: the filesystem before rewrites, the headers of every matching
 * source). The e2e `prod` project then checks nginx's answers for real.
 */
import { describe, expect, it } from 'vitest';
import { renderHostFile, type HostValues } from './build-site-hosts.ts';

const values: HostValues = {
  SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co',
  SUPABASE_HOST: 'abcdefghijklmnop.supabase.co',
  SITE_HOST: 'furnicraft.in',
  SITE_PROTO: 'https',
  SERVER_NAME: 'furnicraft.in',
  LISTEN: '80',
  ROOT: '/srv/furnicraft/site',
  CONTENT_SECURITY_POLICY:
    "default-src 'self'; script-src 'self' 'sha256-abc=' https://checkout.razorpay.com; connect-src 'self' https://abcdefghijklmnop.supabase.co; frame-ancestors 'none'",
};

/** The built site's files (paths from its root). */
const FILES = new Set([
  '/index.html',
  '/robots.txt',
  '/favicon.svg',
  '/assets/index-Ab12.js',
  '/assets/index-Cd34.css',
  '/admin/index.html',
  '/admin/favicon.svg',
  '/admin/assets/index-Ef56.js',
]);
const isDirIndex = (p: string) => FILES.has(`${p.replace(/\/$/, '')}/index.html`);

/** What a visitor gets: the file served (or the redirect/proxy target), the status, the headers. */
interface Outcome {
  status: number;
  serves: string;
  headers: Record<string, string>;
}

// ---- nginx ---------------------------------------------------------------------------------------
interface Location {
  mod: '' | '=' | '~';
  path: string;
  directives: string[][];
}

function parseNginx(text: string): Location[] {
  const body = text.replace(/#.*$/gm, '');
  const out: Location[] = [];
  for (const m of body.matchAll(/location\s+(=|~)?\s*(\S+)\s*\{([^}]*)\}/g)) {
    // tokens, quoted strings kept whole (the CSP holds semicolons); a directive ends at a bare ';'
    const directives: string[][] = [[]];
    for (const t of m[3]!.matchAll(/"([^"]*)"|;|[^\s;"]+/g)) {
      if (t[0] === ';') directives.push([]);
      else directives[directives.length - 1]!.push(t[1] ?? t[0]);
    }
    out.push({ mod: (m[1] ?? '') as Location['mod'], path: m[2]!, directives });
  }
  return out;
}

function nginx(locations: Location[], path: string, depth = 0): Outcome {
  const exact = locations.find((l) => l.mod === '=' && l.path === path);
  const regex = locations.find((l) => l.mod === '~' && new RegExp(l.path).test(path));
  const prefix = locations
    .filter((l) => l.mod === '' && path.startsWith(l.path))
    .sort((a, b) => b.path.length - a.path.length)[0];
  const loc = exact ?? regex ?? prefix;
  if (!loc) return { status: 404, serves: '', headers: {} };
  const headers: Record<string, string> = {};
  for (const d of loc.directives) if (d[0] === 'add_header') headers[d[1]!] = d[2]!;
  for (const d of loc.directives) {
    if (d[0] === 'return') return { status: Number(d[1]), serves: d[2] ?? '', headers: {} };
    if (d[0] === 'proxy_pass') return { status: 200, serves: d[1]!, headers };
    if (d[0] === 'try_files') {
      for (const arg of d.slice(1, -1)) {
        if (arg === '$uri' && FILES.has(path)) return { status: 200, serves: path, headers };
        if (arg === '$uri/' && isDirIndex(path))
          return nginx(locations, `${path.replace(/\/$/, '')}/index.html`, depth + 1);
      }
      const last = d[d.length - 1]!;
      if (last.startsWith('=')) return { status: Number(last.slice(1)), serves: '', headers: {} };
      if (depth > 3) throw new Error('nginx: internal redirect loop');
      return nginx(locations, last, depth + 1);
    }
  }
  return FILES.has(path) ? { status: 200, serves: path, headers } : { status: 404, serves: '', headers: {} };
}

// ---- Netlify -------------------------------------------------------------------------------------
const glob = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

function parseNetlifyRedirects(text: string) {
  return text
    .split('\n')
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter(Boolean)
    .map((l) => {
      const [from, to, status] = l.split(/\s+/) as [string, string, string];
      return { from, to, status: Number(status.replace('!', '')), force: status.endsWith('!') };
    });
}

function parseNetlifyHeaders(text: string) {
  const rules: { path: string; headers: Record<string, string> }[] = [];
  for (const line of text.split('\n')) {
    if (/^\s*(#|$)/.test(line)) continue;
    if (!/^\s/.test(line)) rules.push({ path: line.trim(), headers: {} });
    else {
      const i = line.indexOf(':');
      rules[rules.length - 1]!.headers[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
  }
  return rules;
}

function netlify(
  redirects: ReturnType<typeof parseNetlifyRedirects>,
  headerRules: ReturnType<typeof parseNetlifyHeaders>,
  path: string,
): Outcome {
  const headers = Object.assign(
    {},
    ...headerRules.filter((r) => glob(r.path).test(path)).map((r) => r.headers),
  );
  const file = FILES.has(path) ? path : isDirIndex(path) ? `${path.replace(/\/$/, '')}/index.html` : null;
  for (const r of redirects) {
    // Netlify matches a rule with or without the trailing slash
    if (!glob(r.from).test(path) && !glob(r.from).test(path.replace(/\/$/, ''))) continue;
    if (file && !r.force) break; // shadowing: the file wins over an unforced rule
    if (/^https?:/.test(r.to)) return { status: r.status, serves: r.to, headers: {} }; // custom headers do not apply to proxies
    if (r.status >= 300 && r.status < 400) return { status: r.status, serves: r.to, headers: {} };
    return {
      status: r.status,
      serves: r.status === 200 ? r.to : '',
      headers: r.status === 200 ? headers : {},
    };
  }
  return file ? { status: 200, serves: file, headers } : { status: 404, serves: '', headers: {} };
}

// ---- Vercel --------------------------------------------------------------------------------------
interface VercelJson {
  rewrites: { source: string; destination: string }[];
  redirects?: { source: string; destination: string; permanent: boolean }[];
  headers: { source: string; headers: { key: string; value: string }[] }[];
}

/** path-to-regexp as vercel.json uses it: `/:name*`, `:name`, and (regex) groups. */
function vercelSource(source: string): RegExp {
  let re = '';
  for (let i = 0; i < source.length;) {
    const rest = source.slice(i);
    const star = /^\/:[A-Za-z]+\*/.exec(rest);
    const named = /^:[A-Za-z]+/.exec(rest);
    if (star) {
      re += '(?:/.*)?';
      i += star[0].length;
    } else if (named) {
      re += '([^/]+)';
      i += named[0].length;
    } else if (rest[0] === '(') {
      let depth = 0;
      let j = i;
      for (; j < source.length; j++) {
        if (source[j] === '(') depth++;
        if (source[j] === ')' && --depth === 0) break;
      }
      re += source.slice(i, j + 1);
      i = j + 1;
    } else {
      re += rest[0]!.replace(/[.+?^${}|[\]\\]/, '\\$&');
      i++;
    }
  }
  return new RegExp(`^${re}$`);
}

function vercel(config: VercelJson, path: string): Outcome {
  const headers: Record<string, string> = {};
  for (const h of config.headers) {
    if (vercelSource(h.source).test(path)) for (const { key, value } of h.headers) headers[key] = value;
  }
  for (const r of config.redirects ?? []) {
    if (vercelSource(r.source).test(path))
      return { status: r.permanent ? 308 : 307, serves: r.destination, headers: {} };
  }
  if (FILES.has(path)) return { status: 200, serves: path, headers };
  if (isDirIndex(path)) return { status: 200, serves: `${path.replace(/\/$/, '')}/index.html`, headers };
  const rw = config.rewrites.find((r) => vercelSource(r.source).test(path));
  if (!rw) return { status: 404, serves: '', headers: {} };
  if (/^https?:/.test(rw.destination)) return { status: 200, serves: rw.destination, headers: {} };
  return { status: 200, serves: rw.destination, headers };
}

// ---- the same answers ----------------------------------------------------------------------------
/** What must agree: where the visitor ends up (one redirect followed), the status class, the headers. */
function summary(get: (path: string) => Outcome, path: string) {
  let o = get(path);
  if (o.status >= 300 && o.status < 400) o = get(o.serves);
  const h = Object.fromEntries(Object.entries(o.headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    status: o.status,
    serves: o.status === 404 ? '(not found)' : o.serves,
    cache: h['cache-control'] ?? null,
    csp: h['content-security-policy'] ?? null,
    nosniff: h['x-content-type-options'] ?? null,
    frames: h['x-frame-options'] ?? null,
    referrer: h['referrer-policy'] ?? null,
  };
}

const locations = parseNginx(renderHostFile('nginx.conf', values));
const redirects = parseNetlifyRedirects(renderHostFile('_redirects', values));
const headerRules = parseNetlifyHeaders(renderHostFile('_headers', values));
const vercelJson = JSON.parse(renderHostFile('vercel.json', values)) as VercelJson;

const hosts = {
  nginx: (p: string) => nginx(locations, p),
  netlify: (p: string) => netlify(redirects, headerRules, p),
  vercel: (p: string) => vercel(vercelJson, p),
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const page = (serves: string) => ({
  status: 200,
  serves,
  cache: 'no-cache',
  csp: values.CONTENT_SECURITY_POLICY,
  nosniff: 'nosniff',
  frames: 'DENY',
  referrer: 'strict-origin-when-cross-origin',
});
const asset = (serves: string) => ({ ...page(serves), cache: IMMUTABLE });
const notFound = {
  status: 404,
  serves: '(not found)',
  cache: null,
  csp: null,
  nosniff: null,
  frames: null,
  referrer: null,
};

const expected: Record<string, ReturnType<typeof summary>> = {
  '/': page('/index.html'),
  '/product/teak-dining-chair': page('/index.html'),
  '/category/sofas': page('/index.html'),
  '/no-such-page': page('/index.html'),
  '/robots.txt': page('/robots.txt'),
  '/favicon.svg': page('/favicon.svg'),
  '/assets/index-Ab12.js': asset('/assets/index-Ab12.js'),
  '/assets/index-Cd34.css': asset('/assets/index-Cd34.css'),
  '/assets/gone-Zz99.js': notFound,
  '/admin': page('/admin/index.html'),
  '/admin/': page('/admin/index.html'),
  '/admin/orders/42/show': page('/admin/index.html'),
  '/admin/set-password': page('/admin/index.html'),
  '/admin/assets/index-Ef56.js': asset('/admin/assets/index-Ef56.js'),
  '/admin/assets/gone-Yy88.js': notFound,
};

describe('the host files of the one site say the same', () => {
  for (const [name, get] of Object.entries(hosts)) {
    it(`${name}: SPA fallbacks for both apps, hashed assets cached a year, HTML revalidated, security headers`, () => {
      for (const [path, want] of Object.entries(expected)) {
        expect({ path, ...summary(get, path) }).toEqual({ path, ...want });
      }
    });

    it(`${name}: /sitemap.xml is the sitemap Edge Function of the project`, () => {
      const o = get('/sitemap.xml');
      expect(o.status).toBe(200);
      expect(o.serves).toBe(`${values.SUPABASE_URL}/functions/v1/sitemap`);
    });
  }

  it('the other hosts’ files are not served by nginx', () => {
    for (const f of ['/_headers', '/_redirects', '/vercel.json']) expect(hosts.nginx(f).status).toBe(404);
  });

  it('every {{value}} is filled in, and an unknown one fails the render', () => {
    for (const f of ['nginx.conf', '_headers', '_redirects', 'vercel.json'] as const) {
      expect(renderHostFile(f, values)).not.toMatch(/\{\{/);
    }
    const { ROOT: _, ...partial } = values;
    expect(() => renderHostFile('nginx.conf', partial as HostValues)).toThrow(/no value for \{\{ROOT\}\}/);
  });
});
