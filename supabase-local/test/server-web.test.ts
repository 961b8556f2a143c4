/**
 * The web origin serving the built apps: SPA fallbacks, /admin, cache headers, compression,
 * conditional requests, refused path traversal, and the page shown before a build.
 * (No database involved: web.ts only reads the dist folders.)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebHandler } from '../src/web.ts';

const root = mkdtempSync(join(tmpdir(), 'sl-web-'));
const store = join(root, 'storefront', 'dist');
const admin = join(root, 'admin', 'dist');
const BIG_JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const SECRET = 'TOP-SECRET-CONTENT';

function files() {
  mkdirSync(join(store, 'assets'), { recursive: true });
  mkdirSync(join(admin, 'assets'), { recursive: true });
  writeFileSync(join(store, 'index.html'), '<!doctype html><title>store</title><div id="root"></div>');
  writeFileSync(join(store, 'assets', 'index-3f9a1c.js'), BIG_JS);
  writeFileSync(join(store, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(admin, 'index.html'), '<!doctype html><title>admin</title>');
  writeFileSync(join(admin, 'assets', 'admin-77aa.css'), 'body{margin:0}'.repeat(100));
  writeFileSync(join(root, 'secret.txt'), SECRET);
  writeFileSync(join(root, 'storefront', 'secret.txt'), SECRET);
}

let server: Server;
let base: string;
beforeAll(async () => {
  files();
  server = createServer(createWebHandler({ storefrontDist: store, adminDist: admin }));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(root, { recursive: true, force: true });
});

/** A raw request: the path goes out exactly as written (fetch would normalise `..`). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const u = new URL(base);
    const req = request({ host: u.hostname, port: u.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('web origin', () => {
  it('serves the storefront index with no-cache and the right type', async () => {
    const r = await raw('/');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.body.toString()).toContain('<title>store</title>');
  });

  it('falls back to index.html for client routes, but 404s a missing file', async () => {
    for (const path of ['/product/oak-table', '/category/sofas?sort=price', '/account/orders/']) {
      const r = await raw(path);
      expect([path, r.status, r.body.toString().includes('<title>store</title>')]).toEqual([path, 200, true]);
    }
    expect((await raw('/assets/missing-123.js')).status).toBe(404);
  });

  it('caches hashed assets for a year and others revalidate', async () => {
    const js = await raw('/assets/index-3f9a1c.js');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await raw('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('serves the admin under /admin/, redirecting /admin', async () => {
    const redirect = await raw('/admin?x=1');
    expect([redirect.status, redirect.headers.location]).toEqual([301, '/admin/?x=1']);
    for (const path of ['/admin/', '/admin/products/edit/7']) {
      expect((await raw(path)).body.toString()).toContain('<title>admin</title>');
    }
    const css = await raw('/admin/assets/admin-77aa.css');
    expect([css.headers['content-type'], css.headers['cache-control']]).toEqual([
      'text/css; charset=utf-8',
      'public, max-age=31536000, immutable',
    ]);
  });

  it('compresses by Accept-Encoding (br preferred, then gzip), else sends identity', async () => {
    const br = await raw('/assets/index-3f9a1c.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_JS);
    expect(br.body.length).toBeLessThan(BIG_JS.length / 3);
    const gz = await raw('/assets/index-3f9a1c.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BIG_JS);
    const refusedBr = await raw('/assets/index-3f9a1c.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(refusedBr.headers['content-encoding']).toBe('gzip');
    const plain = await raw('/assets/index-3f9a1c.js');
    expect([plain.headers['content-encoding'], plain.body.toString()]).toEqual([undefined, BIG_JS]);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await raw('/assets/index-3f9a1c.js');
    const again = await raw('/assets/index-3f9a1c.js', { 'if-none-match': String(first.headers.etag) });
    expect([again.status, again.body.length]).toEqual([304, 0]);
  });

  it('never serves a file outside the dist folders', async () => {
    for (const path of [
      '/../secret.txt',
      '/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/admin/../../secret.txt',
      '/admin/%2e%2e/%2e%2e/secret.txt',
      '/%00secret.txt',
      '/%E0%A4%A',
    ]) {
      const r = await raw(path);
      expect([path, r.body.toString().includes(SECRET)]).toEqual([path, false]);
      expect(r.status).not.toBe(500);
    }
    expect((await raw('/..%2fsecret.txt')).status).toBe(400);
  });

  it('allows only GET and HEAD', async () => {
    expect((await raw('/', {}, 'POST')).status).toBe(405);
    const head = await raw('/assets/index-3f9a1c.js', {}, 'HEAD');
    expect([head.status, head.body.length, Number(head.headers['content-length'])]).toEqual([
      200,
      0,
      Buffer.byteLength(BIG_JS),
    ]);
  });

  it('says to run the build when a dist folder is missing', async () => {
    const bare = createServer(
      createWebHandler({ storefrontDist: join(root, 'nope'), adminDist: join(root, 'nope2') }),
    );
    await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/admin/`);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('pnpm build');
    } finally {
      await new Promise((r) => bare.close(r));
    }
  });
});

describe('/sitemap.xml', () => {
  it("passes the site's own address to the sitemap function, never the request's Host or X-Forwarded-Host", async () => {
    const seen: Record<string, string | string[] | undefined>[] = [];
    const upstream = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
      res.end(
        `<urlset><url><loc>${req.headers['x-forwarded-proto']}://${req.headers['x-forwarded-host']}/</loc></url></urlset>`,
      );
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const site = createServer(
      createWebHandler({
        storefrontDist: store,
        adminDist: admin,
        sitemapUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/functions/v1/sitemap`,
        siteUrl: () => 'https://shop.example.in',
      }),
    );
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    try {
      const port = (site.address() as AddressInfo).port;
      const res = await new Promise<string>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: '/sitemap.xml',
            headers: {
              host: 'evil.example',
              'x-forwarded-host': 'evil.example',
              'x-forwarded-proto': 'http',
            },
          },
          (r) => {
            let body = '';
            r.on('data', (c: Buffer) => (body += c.toString('utf8')));
            r.on('end', () => resolve(body));
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(res).toBe('<urlset><url><loc>https://shop.example.in/</loc></url></urlset>');
      expect(seen[0]).toMatchObject({ 'x-forwarded-host': 'shop.example.in', 'x-forwarded-proto': 'https' });
      expect(JSON.stringify(seen)).not.toContain('evil');
    } finally {
      await new Promise((r) => site.close(r));
      await new Promise((r) => upstream.close(r));
    }
  });
});
