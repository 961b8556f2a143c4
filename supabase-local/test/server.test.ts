/**
 * The API server behind its Kong-like gateway, over a real database (PGlite, and PostgreSQL when
 * DATABASE_URL is set): CORS, the apikey rule, the CLI's opaque keys, the route table and its
 * mount points, schema reload on NOTIFY pgrst, and the refusal to listen beyond loopback.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fromToml } from '../src/config.ts';
import { createGateway } from '../src/gateway.ts';
import { apiKeys, LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from '../src/keys.ts';
import { createRequestGuard } from '../src/request-guard.ts';
import { startServer, UnsafeHostError } from '../src/server.ts';
import { createTestDb, dbKinds } from '../src/testing/test-db.ts';
import { forEachServer } from '../src/testing/test-server.ts';

const root = mkdtempSync(join(tmpdir(), 'sl-server-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const migrationsDir = join(root, 'migrations');
mkdirSync(migrationsDir);
writeFileSync(
  join(migrationsDir, '20240101000000_items.sql'),
  `create table public.items (id int primary key, name text not null, hidden boolean not null default false);
alter table public.items enable row level security;
create policy "anyone reads visible items" on public.items for select to anon, authenticated using (not hidden);
insert into public.items values (1, 'oak table', false), (2, 'secret sofa', true);`,
);

const seen: { surface: string; method: string; target: string; auth?: string }[] = [];
const recorder = (surface: string) => () => ({
  async handle(
    req: import('node:http').IncomingMessage,
    res: import('node:http').ServerResponse,
    target: string,
  ) {
    seen.push({ surface, method: req.method!, target, auth: req.headers.authorization });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ surface, target }));
  },
});

forEachServer(
  'API gateway',
  { migrationsDir, surfaces: { auth: recorder('auth'), functions: recorder('functions') } },
  ({ server }) => {
    const api = (path: string, init: RequestInit = {}) => fetch(server().url + path, init);

    it('answers CORS preflights for the site origin, echoing the requested headers', async () => {
      const res = await api('/rest/v1/items', {
        method: 'OPTIONS',
        headers: {
          origin: 'http://127.0.0.1:3000',
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'authorization, apikey, x-client-info, content-type, prefer',
        },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
      expect(res.headers.get('vary')).toContain('Origin');
      expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
      expect(res.headers.get('access-control-allow-headers')).toBe(
        'authorization, apikey, x-client-info, content-type, prefer',
      );
    });

    it('puts CORS headers on every answer to the site, errors included, and exposes Content-Range', async () => {
      const res = await api('/rest/v1/items', { headers: { origin: 'http://localhost:3000' } });
      expect(res.status).toBe(401);
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
      expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
    });

    it('refuses a request with neither apikey nor Authorization, as Kong does', async () => {
      const res = await api('/rest/v1/items');
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: 'No API key found in request' });
    });

    it('uses the apikey (header or query) as the bearer token when there is no Authorization', async () => {
      for (const res of [
        await api('/rest/v1/items?select=id,name', { headers: { apikey: server().anonKey } }),
        await api(`/rest/v1/items?select=id,name&apikey=${server().anonKey}`),
      ]) {
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual([{ id: 1, name: 'oak table' }]);
      }
    });

    it('lets Authorization decide the role when both are sent', async () => {
      const res = await api('/rest/v1/items?select=id&order=id', {
        headers: { apikey: server().anonKey, authorization: `Bearer ${server().serviceRoleKey}` },
      });
      expect(await res.json()).toEqual([{ id: 1 }, { id: 2 }]);
      const bearerOnly = await api('/rest/v1/items?select=id', {
        headers: { authorization: `Bearer ${server().anonKey}` },
      });
      expect([bearerOnly.status, await bearerOnly.json()]).toEqual([200, [{ id: 1 }]]);
    });

    it("swaps the CLI's sb_publishable_/sb_secret_ keys for the anon and service_role JWTs", async () => {
      const anon = await api('/rest/v1/items?select=id', { headers: { apikey: LOCAL_PUBLISHABLE_KEY } });
      expect(await anon.json()).toEqual([{ id: 1 }]);
      const service = await api('/rest/v1/items?select=id&order=id', {
        headers: { apikey: LOCAL_SECRET_KEY, authorization: `Bearer ${LOCAL_SECRET_KEY}` },
      });
      expect(await service.json()).toEqual([{ id: 1 }, { id: 2 }]);
    });

    it('answers unknown routes like Kong', async () => {
      const none = await api('/nowhere');
      expect([none.status, await none.json()]).toEqual([
        404,
        { message: 'no Route matched with those values' },
      ]);
    });

    it('applies the key rule to /auth/v1 except links opened from an email or a provider', async () => {
      seen.length = 0;
      expect((await api('/auth/v1/user')).status).toBe(401);
      expect((await api('/auth/v1/verify?token=x&type=signup')).status).toBe(200);
      expect((await api('/auth/v1/settings', { headers: { apikey: server().anonKey } })).status).toBe(200);
      expect(seen.map((s) => [s.surface, s.target, s.auth])).toEqual([
        ['auth', '/verify?token=x&type=signup', undefined],
        ['auth', '/settings', `Bearer ${server().anonKey}`],
      ]);
    });

    it('mounts services at their prefix, passing the rest of the URL and function preflights through', async () => {
      seen.length = 0;
      await api('/functions/v1/razorpay-order?x=1', { method: 'POST', body: '{}' });
      const pre = await api('/functions/v1/razorpay-order', {
        method: 'OPTIONS',
        headers: { origin: 'http://127.0.0.1:3000', 'access-control-request-method': 'POST' },
      });
      expect(pre.headers.get('access-control-allow-methods')).toBeNull(); // the function's own answer
      expect(seen).toEqual([
        { surface: 'functions', method: 'POST', target: '/razorpay-order?x=1', auth: undefined },
        { surface: 'functions', method: 'OPTIONS', target: '/razorpay-order', auth: undefined },
      ]);
    });

    it("reloads the REST schema cache on NOTIFY pgrst, 'reload schema'", async () => {
      const get = () => api('/rest/v1/late_table', { headers: { apikey: server().anonKey } });
      await server().db.exec(
        `create table public.late_table (id int); insert into public.late_table values (7)`,
      );
      expect((await get()).status).toBe(404);
      await server().db.query(`notify pgrst, 'reload schema'`);
      let res = await get();
      for (let i = 0; i < 50 && res.status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        res = await get();
      }
      expect([res.status, await res.json()]).toEqual([200, [{ id: 7 }]]);
    });
  },
);

describe('gateway without a service behind a prefix', () => {
  it('answers a JSON 404 in PostgREST shape', async () => {
    const gateway = createGateway(
      [{ prefix: '/storage/v1', handler: null, requireKey: false, gatewayPreflight: true }],
      { keys: apiKeys({}), guard: createRequestGuard(() => []), devSurfaces: true },
    );
    const srv = createServer((req, res) => void gateway(req, res));
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(srv.address() as AddressInfo).port}/storage/v1/bucket`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'PGRST125', details: null, hint: null });
    } finally {
      await new Promise((r) => srv.close(r));
    }
  });
});

describe('listening beyond loopback', () => {
  const kind = dbKinds()[0]!;
  it('is refused with the well-known secret, allowed with a secret of your own', async () => {
    const t = await createTestDb(kind);
    try {
      const base = { db: t.db, config: fromToml({}), env: {}, apiPort: 0, web: false as const };
      await expect(startServer({ ...base, apiHost: '0.0.0.0', keys: apiKeys({}) })).rejects.toThrow(
        UnsafeHostError,
      );
      await expect(
        startServer({ ...base, apiHost: '127.0.0.1', keys: apiKeys({}), web: { host: '0.0.0.0', port: 0 } }),
      ).rejects.toThrow(/SUPABASE_JWT_SECRET/);
      const own = await startServer({
        ...base,
        apiHost: '0.0.0.0',
        keys: apiKeys({ SUPABASE_JWT_SECRET: 'z'.repeat(40) }),
      });
      expect(own.apiUrl).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
      await own.stop();
    } finally {
      await t.drop();
    }
  }, 120_000);
});
