/**
 * The gateway only serves the store (issue 12), over the real surfaces (REST, Auth, Storage, the
 * Functions under Deno, the Razorpay sandbox) and the web origin: foreign Host names refused on
 * both servers (DNS rebinding); CORS only for the configured site origins, also where a function
 * answers `*` itself; the client's address set by the gateway; body limits on every surface; the
 * development surfaces (mailbox, local provider, Razorpay sandbox) only with the well-known keys
 * on loopback; an empty host refused; the site's security headers. PGlite, and PostgreSQL when
 * DATABASE_URL is set.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fromToml } from '../src/config.ts';
import { functionsSurface } from '../src/functions/index.ts';
import { apiKeys } from '../src/keys.ts';
import { inlineScriptHashes } from '../src/security-headers.ts';
import { startServer, UnsafeHostError } from '../src/server.ts';
import { createTestDb, dbKinds } from '../src/testing/test-db.ts';
import { forEachServer } from '../src/testing/test-server.ts';

const root = mkdtempSync(join(tmpdir(), 'sl-security-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const migrationsDir = join(root, 'migrations');
/** the `hello` test function (its CORS headers answer `*`) */
const fixtureFunctions = fileURLToPath(new URL('./fixtures/functions', import.meta.url));
mkdirSync(migrationsDir);
writeFileSync(
  join(migrationsDir, '20240101000000_items.sql'),
  `create table public.items (id int primary key, name text not null);
alter table public.items enable row level security;
create policy "anyone reads items" on public.items for select to anon using (true);
insert into public.items values (1, 'oak table');
-- what PostgREST put in request.headers for this request
create function public.request_headers() returns json language sql stable
  as $$ select current_setting('request.headers', true)::json $$;
grant execute on function public.request_headers() to anon;`,
);
const INLINE = `(function(){document.documentElement.dataset.x='1'})()`;
const dist = join(root, 'dist');
mkdirSync(dist);
writeFileSync(
  join(dist, 'index.html'),
  `<!doctype html><html><head><script>${INLINE}</script></head><body><div id="root"></div></body></html>`,
);

const EVIL = 'http://evil.example';
const SITE = 'http://127.0.0.1:3000'; // config.toml's default site_url

/** A raw HTTP request, so that Host can be anything (fetch sets it from the URL). */
function raw(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(base);
    const req = request({ host: u.hostname, port: u.port, path, method, headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

forEachServer(
  'gateway and web origin security',
  {
    migrationsDir,
    web: { storefrontDist: dist, adminDist: dist, port: 0, host: '127.0.0.1' },
    surfaces: { functions: functionsSurface({ functionsDir: fixtureFunctions, watch: false }) },
  },
  ({ server }) => {
    const api = (path: string, init: RequestInit = {}) => fetch(server().url + path, init);
    const anon = () => ({ apikey: server().anonKey });

    describe('Host (DNS rebinding)', () => {
      it('refuses a foreign Host on the API and on the web origin with 421', async () => {
        const port = new URL(server().url).port;
        const rest = await raw(server().url, '/rest/v1/items', { host: `evil.example:${port}`, ...anon() });
        expect(rest.status).toBe(421);
        expect(JSON.parse(rest.body)).toMatchObject({ message: expect.stringContaining('host name') });
        const web = await raw(server().webUrl!, '/', { host: 'rebind.evil.example' });
        expect(web.status).toBe(421);
        expect(web.body).not.toContain('<div id="root">');
        for (const host of ['evil.example', '127.0.0.1.evil.example', 'localhost.evil.example:80']) {
          expect((await raw(server().webUrl!, '/', { host })).status).toBe(421);
        }
      });

      it('serves loopback names with any port and the configured hosts', async () => {
        for (const host of ['localhost:1', '127.0.0.1', '127.3.2.1:54321', '[::1]:3000', 'LOCALHOST']) {
          expect((await raw(server().url, '/rest/v1/items', { host, ...anon() })).status).toBe(200);
          expect((await raw(server().webUrl!, '/', { host })).status).toBe(200);
        }
      });
    });

    describe('CORS', () => {
      const surfaces: [string, string, Record<string, string>][] = [
        ['REST', '/rest/v1/items', {}],
        ['Auth', '/auth/v1/settings', {}],
        ['Storage', '/storage/v1/bucket', {}],
        ['Functions', '/functions/v1/hello', {}],
      ];
      it('gives an evil origin no Access-Control-Allow-Origin on any surface (a function answering * included)', async () => {
        for (const [name, path] of surfaces) {
          const res = await api(path, {
            headers: { origin: EVIL, ...anon(), authorization: `Bearer ${server().anonKey}` },
          });
          expect([name, res.headers.get('access-control-allow-origin')]).toEqual([name, null]);
          expect(res.headers.get('vary')).toContain('Origin');
          await res.body?.cancel();
        }
        // the same function, from the site: its answer is readable
        const ok = await api('/functions/v1/hello', {
          headers: { origin: SITE, authorization: `Bearer ${server().anonKey}` },
        });
        expect(ok.status).toBe(200);
        expect(ok.headers.get('access-control-allow-origin')).not.toBeNull();
      }, 60_000);

      it("refuses an evil origin's preflight with 403 and no allow headers, before any service", async () => {
        for (const [name, path] of surfaces) {
          const res = await api(path, {
            method: 'OPTIONS',
            headers: {
              origin: EVIL,
              'access-control-request-method': 'POST',
              'access-control-request-headers': 'authorization, apikey, content-type',
            },
          });
          expect([name, res.status]).toEqual([name, 403]);
          for (const h of ['allow-origin', 'allow-headers', 'allow-methods']) {
            expect(res.headers.get(`access-control-${h}`)).toBeNull();
          }
          await res.body?.cancel();
        }
      });

      it('answers preflights of the site origins (site_url, redirect URLs, the web origin served)', async () => {
        const web = new URL(server().webUrl!).origin;
        for (const origin of [SITE, 'http://localhost:3000', web]) {
          for (const [name, path] of surfaces) {
            const res = await api(path, {
              method: 'OPTIONS',
              headers: {
                origin,
                'access-control-request-method': 'POST',
                'access-control-request-headers': 'authorization, apikey, content-type, x-client-info',
              },
            });
            expect([name, origin, res.status]).toEqual([name, origin, 200]);
            expect(res.headers.get('access-control-allow-origin')).toMatch(new RegExp(`^(\\*|${origin})$`));
            expect(res.headers.get('access-control-allow-headers')).toContain('apikey');
            await res.body?.cancel();
          }
        }
      }, 60_000);

      it('gives no CORS headers to a sandboxed page (Origin: null)', async () => {
        const res = await api('/rest/v1/items', { headers: { origin: 'null', ...anon() } });
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
      });
    });

    it('sets X-Forwarded-For and X-Real-IP from the socket, over what the client claims (request.headers)', async () => {
      const res = await api('/rest/v1/rpc/request_headers', {
        headers: { ...anon(), 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9' },
      });
      const headers = (await res.json()) as Record<string, string>;
      expect(headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(headers['x-real-ip']).toBe('127.0.0.1');
    });

    describe('request bodies keep their size limits', () => {
      it('REST: 413 in PostgREST shape', async () => {
        const res = await api('/rest/v1/items', {
          method: 'POST',
          headers: { ...anon(), 'content-type': 'application/json' },
          body: `[${'0,'.repeat(5 * 1024 * 1024 + 8)}0]`,
        });
        expect(res.status).toBe(413);
        expect(await res.json()).toMatchObject({ code: 'PGRST102' });
      });

      it("Functions: 413 in the edge runtime's shape, and 411 for a body of unknown length", async () => {
        const res = await api('/functions/v1/hello', {
          method: 'POST',
          headers: { authorization: `Bearer ${server().anonKey}`, 'content-type': 'application/json' },
          body: 'x'.repeat(10 * 1024 * 1024 + 1),
        });
        expect(res.status).toBe(413);
        expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
        const chunked = await raw(
          server().url,
          '/functions/v1/hello',
          { authorization: `Bearer ${server().anonKey}`, 'transfer-encoding': 'chunked' },
          'POST',
        );
        expect(chunked.status).toBe(411);
      });

      it("Razorpay sandbox: 413 in Razorpay's shape", async () => {
        const res = await api('/razorpay/v1/orders', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ amount: 100, notes: { x: 'y'.repeat(200 * 1024) } }),
        });
        expect(res.status).toBe(413);
        expect(await res.json()).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR' } });
      });
    });

    it('serves the development surfaces with the well-known keys on loopback', async () => {
      expect((await api('/auth/v1/mailbox')).status).toBe(200);
      expect((await api('/auth/v1/mailbox/messages.json')).status).toBe(200);
      const avatar = await api('/auth/v1/local-provider/avatar.svg?name=Asha');
      expect([avatar.status, avatar.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
      expect((await api('/razorpay/checkout.js')).status).toBe(200);
    });

    it('sends the security headers on both apps, the inline script allowed by its hash', async () => {
      for (const path of ['/', '/admin/', '/product/oak-table']) {
        const res = await fetch(server().webUrl + path);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        const csp = res.headers.get('content-security-policy')!;
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain(`'${inlineScriptHashes(await res.text())[0]}'`);
        expect(csp).toMatch(/script-src 'self' 'sha256-[^']+' https:\/\/checkout\.razorpay\.com/);
        expect(csp).toContain(`connect-src 'self' ${server().url}`);
        expect(csp).not.toContain("'unsafe-eval'");
        expect(csp.split('; ').find((d) => d.startsWith('script-src'))).not.toContain('unsafe-inline');
      }
    });
  },
);

describe('development surfaces off', () => {
  const kind = dbKinds()[0]!;
  it('answers 404 for the mailbox, the local provider and the Razorpay sandbox with a secret of its own, even on loopback', async () => {
    const t = await createTestDb(kind);
    const s = await startServer({
      db: t.db,
      config: fromToml({ auth: { external: { google: { enabled: true } } } }),
      env: {},
      apiPort: 0,
      apiHost: '0.0.0.0', // beyond loopback: allowed only with its own secret
      web: false,
      keys: apiKeys({ SUPABASE_JWT_SECRET: 'an-own-secret-of-at-least-32-characters!' }),
    });
    try {
      expect(s.devSurfaces).toBe(false);
      expect(s.devSurfacesReason).toMatch(/^off: SUPABASE_JWT_SECRET/);
      expect(s.smtp).toBeNull(); // no SMTP listener either
      const base = s.apiUrl.replace('0.0.0.0', '127.0.0.1');
      const paths: [string, string][] = [
        ['GET', '/auth/v1/mailbox'],
        ['GET', '/auth/v1/mailbox/'],
        ['GET', '/auth/v1/mailbox/messages.json?to=staff@furnicraft.in'],
        ['GET', '/auth/v1/mailbox/1'],
        ['DELETE', '/auth/v1/mailbox/messages'],
        ['GET', '/auth/v1/local-provider?provider=google&state=x'],
        ['POST', '/auth/v1/local-provider'],
        ['GET', '/auth/v1/local-provider/avatar.svg?name=x'],
        ['GET', '/razorpay/checkout.js'],
        ['POST', '/razorpay/v1/orders'],
        ['POST', '/razorpay/v1/checkout/pay'],
      ];
      for (const [method, path] of paths) {
        const res = await fetch(base + path, { method, headers: { apikey: s.keys.anonKey } });
        expect([method, path, res.status, await res.json()]).toEqual([
          method,
          path,
          404,
          { message: 'no Route matched with those values' },
        ]);
      }
      // what hosted Supabase serves is still there
      expect((await fetch(`${base}/auth/v1/settings`, { headers: { apikey: s.keys.anonKey } })).status).toBe(
        200,
      );
      // and sign-in with Google no longer sends the browser to the (absent) local provider page
      const authorize = await fetch(`${base}/auth/v1/authorize?provider=google`, {
        redirect: 'manual',
        headers: { apikey: s.keys.anonKey },
      });
      expect([authorize.status, await authorize.json()]).toMatchObject([
        400,
        { error_code: 'validation_failed', msg: 'Unsupported provider: provider is not enabled' },
      ]);
    } finally {
      await s.stop();
      await t.drop();
    }
  }, 120_000);

  it('refuses to start with the well-known keys on an empty or unparseable host', async () => {
    const t = await createTestDb(kind);
    try {
      const base = { db: t.db, config: fromToml({}), apiPort: 0, web: false as const, keys: apiKeys({}) };
      await expect(startServer({ ...base, env: { SUPABASE_HOST: '' } })).rejects.toThrow(UnsafeHostError);
      await expect(startServer({ ...base, env: {}, apiHost: ' ' })).rejects.toThrow(/every interface/);
      await expect(startServer({ ...base, env: {}, apiHost: 'not a host' })).rejects.toThrow(UnsafeHostError);
      await expect(
        startServer({ ...base, env: { HOST: '' }, apiHost: '127.0.0.1', web: { port: 0 } }),
      ).rejects.toThrow(UnsafeHostError);
    } finally {
      await t.drop();
    }
  }, 120_000);
});
