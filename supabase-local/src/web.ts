/**
 * The web origin: the built storefront at `/` and the admin at `/admin/` (Vite base '/admin/').
 *
 * - SPA fallback: a path that names no file and has no extension gets the app's index.html (client
 *   routes such as /product/oak-table); a missing file with an extension is a real 404.
 * - Caching: Vite's content-hashed files under assets/ never change → a year, immutable; everything
 *   else (index.html above all) → no-cache, revalidated by ETag, so a new build shows at once.
 * - Compression: brotli or gzip by Accept-Encoding for text types, compressed once and kept.
 * - Only files inside the dist folders: decoded paths with `..`, backslashes or NUL are refused.
 * - A missing dist folder answers a page saying to run the build, instead of a bare 404.
 * - /sitemap.xml is the `sitemap` Edge Function's answer (the live catalog), as a static host's
 *   rewrite would serve it; the function learns the site's address from X-Forwarded-Host/-Proto,
 *   which carry the configured site URL, never the request's Host (a caller chooses that).
 * - Host: a name that is not loopback or configured is refused with 421 (DNS rebinding).
 * - Security headers on every answer, and the Content-Security-Policy on pages
 *   (security-headers.ts, the same module a static host's configuration is written from).
 */
import { createReadStream, statSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, posix } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { MISDIRECTED, withLoopbackAliases, type RequestGuard } from './request-guard.ts';
import { inlineScriptHashes, SITE_HEADERS, siteSecurityHeaders } from './security-headers.ts';

export interface WebOptions {
  storefrontDist: string;
  adminDist: string;
  /** the `sitemap` function's URL (…/functions/v1/sitemap): /sitemap.xml is passed to it */
  sitemapUrl?: string;
  /** the site's own address, for the sitemap's links (default: http://127.0.0.1:3000) */
  siteUrl?: () => string;
  /** the API's base URL, which the pages may call (Content-Security-Policy) */
  apiUrl?: () => string;
  /** refuses foreign Host names (none: every Host is served) */
  guard?: RequestGuard;
  /** the Razorpay sandbox on the API origin is allowed in the pages (development) */
  devSurfaces?: boolean;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.webmanifest',
  '.txt',
  '.xml',
  '.svg',
  '.ico',
  '.ttf',
  '.wasm',
]);
const IMMUTABLE = 'public, max-age=31536000, immutable';

type Encoding = 'br' | 'gzip';
/** Compressed bodies by path + mtime + encoding (a build replaces files, changing the mtime). */
const compressed = new Map<string, Buffer>();
let compressedBytes = 0;
const COMPRESSED_LIMIT = 64 * 1024 * 1024;

export function createWebHandler(options: WebOptions) {
  const pageHeaders = pageHeadersFor(options);
  return async function web(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(SITE_HEADERS)) res.setHeader(name, value);
    if (options.guard && !options.guard.hostAllowed(req.headers.host)) {
      return text(res, MISDIRECTED.status, MISDIRECTED.message);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      return void res.end('Method Not Allowed');
    }
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const rawPath = q < 0 ? raw : raw.slice(0, q);
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      return text(res, 400, 'Bad Request');
    }
    if (
      !path.startsWith('/') ||
      path.includes('\0') ||
      path.includes('\\') ||
      path.split('/').includes('..')
    ) {
      return text(res, 400, 'Bad Request');
    }
    if (path === '/sitemap.xml' && options.sitemapUrl) {
      const site = new URL(options.siteUrl?.() ?? 'http://127.0.0.1:3000');
      return proxySitemap(req, res, options.sitemapUrl + (q < 0 ? '' : raw.slice(q)), site);
    }
    if (path === '/admin') {
      res.writeHead(301, { Location: `/admin/${q < 0 ? '' : raw.slice(q)}` });
      return void res.end();
    }
    const admin = path.startsWith('/admin/');
    const root = admin ? options.adminDist : options.storefrontDist;
    let rel = posix.normalize(admin ? path.slice('/admin/'.length) : path.slice(1));
    if (rel === '.') rel = '';

    const index = fileStat(join(root, 'index.html'));
    if (!index) return notBuilt(res, admin ? 'admin' : 'storefront');

    let file = join(root, rel || 'index.html');
    let stat = fileStat(file);
    if (!stat && isDirectory(file)) {
      file = join(file, 'index.html');
      stat = fileStat(file);
    }
    if (!stat) {
      if (extname(rel)) return text(res, 404, 'Not Found');
      file = join(root, 'index.html'); // SPA fallback: the app's router shows the page (or its 404)
      stat = index;
    }
    if (extname(file).toLowerCase() === '.html') {
      for (const [name, value] of Object.entries(await pageHeaders(file, stat))) res.setHeader(name, value);
    }
    await send(req, res, file, stat, rel.startsWith('assets/') ? IMMUTABLE : 'no-cache');
  };
}

/** A page's security headers, its inline scripts hashed once per version of the file. */
function pageHeadersFor(options: WebOptions) {
  const cache = new Map<string, Record<string, string>>();
  return async (file: string, stat: Stats): Promise<Record<string, string>> => {
    const api = options.apiUrl?.();
    const key = `${file}:${stat.mtimeMs}:${stat.size}:${api ?? ''}`;
    let headers = cache.get(key);
    if (!headers) {
      headers = siteSecurityHeaders({
        // CSP has no syntax for IPv6 literals: [::1] is left out
        apiOrigins: api ? withLoopbackAliases(new URL(api).origin).filter((o) => !o.includes('[')) : [],
        scriptHashes: inlineScriptHashes(await readFile(file, 'utf8')),
        razorpaySandbox: options.devSurfaces ?? false,
      });
      if (cache.size > 100) cache.clear();
      cache.set(key, headers);
    }
    return headers;
  };
}

async function proxySitemap(
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
  site: URL,
): Promise<void> {
  try {
    const answer = await fetch(url, {
      method: req.method,
      headers: {
        'X-Forwarded-Host': site.host,
        'X-Forwarded-Proto': site.protocol.slice(0, -1),
      },
    });
    const body = Buffer.from(await answer.arrayBuffer());
    res.writeHead(answer.status, {
      'Content-Type': answer.headers.get('Content-Type') ?? 'application/xml; charset=utf-8',
      'Cache-Control': answer.headers.get('Cache-Control') ?? 'no-cache',
      'Content-Length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    text(res, 503, 'The sitemap is not available right now.');
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function fileStat(path: string): Stats | undefined {
  try {
    const s = statSync(path);
    return s.isFile() ? s : undefined;
  } catch {
    return undefined;
  }
}

async function send(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  stat: Stats,
  cache: string,
): Promise<void> {
  const ext = extname(file).toLowerCase();
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers: Record<string, string | number> = {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': cache,
    ETag: etag,
    'Last-Modified': stat.mtime.toUTCString(),
  };
  const compressible = COMPRESSIBLE.has(ext) && stat.size > 512;
  if (compressible) headers.Vary = 'Accept-Encoding';
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    return void res.end();
  }
  const encoding = compressible ? pickEncoding(req.headers['accept-encoding']) : undefined;
  if (!encoding) {
    res.writeHead(200, { ...headers, 'Content-Length': stat.size });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
    return;
  }
  const body = await compress(file, stat, encoding);
  res.writeHead(200, { ...headers, 'Content-Encoding': encoding, 'Content-Length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** br if accepted, else gzip if accepted (q=0 means refused). */
function pickEncoding(header: string | string[] | undefined): Encoding | undefined {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((p) => p.trim().toLowerCase())
      .filter((p) => p && !/;\s*q=0(\.0*)?$/.test(p))
      .map((p) => p.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

async function compress(file: string, stat: Stats, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding}:${file}:${stat.mtimeMs}:${stat.size}`;
  const hit = compressed.get(key);
  if (hit) return hit;
  const data = await readFile(file);
  const body =
    encoding === 'br'
      ? brotliCompressSync(data, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
        })
      : gzipSync(data, { level: 9 });
  if (compressedBytes + body.length > COMPRESSED_LIMIT) {
    compressed.clear();
    compressedBytes = 0;
  }
  compressed.set(key, body);
  compressedBytes += body.length;
  return body;
}

function text(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end(body);
}

function notBuilt(res: ServerResponse, app: 'storefront' | 'admin'): void {
  res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><meta charset="utf-8"><title>${app} not built</title>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;line-height:1.5">
<h1>The ${app} is not built yet</h1>
<p>supabase-local serves the built apps from <code>${app}/dist</code>, which does not exist.</p>
<p>Run <code>pnpm build</code> (or <code>pnpm start</code>, which builds first), then reload this page.
The API is already running.</p></body></html>`);
}
