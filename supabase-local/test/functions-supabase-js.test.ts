/**
 * Edge Functions through @supabase/functions-js (supabase-js `functions.invoke`) against
 * supabase-local, running real Deno: the fixture `hello` of test/fixtures/functions (secrets, the
 * caller's JWT, the shared package) plus a few functions written to a temporary functions folder for
 * the failure paths (a handler that throws, a worker that dies, one that cannot boot, one with
 * verify_jwt = false). Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { fromToml } from '../src/config.ts';
import { functionsSurface } from '../src/functions/index.ts';
import { mintJwt } from '../src/testing/jwt.ts';
import { client, userJwt } from './support/storage-server.ts';
import { forEachServer } from '../src/testing/test-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'sl-functions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

symlinkSync(fileURLToPath(new URL('./fixtures/functions/hello', import.meta.url)), join(dir, 'hello'));
const fixture = (name: string, code: string) => {
  mkdirSync(join(dir, name));
  writeFileSync(join(dir, name, 'index.ts'), code);
};
// Counts calls per worker: a fresh worker starts again at 1.
fixture(
  'flaky',
  `let calls = 0;
Deno.serve(async (req) => {
  calls++;
  const { mode } = await req.json().catch(() => ({}));
  if (mode === 'throw') throw new Error('flaky: thrown on purpose');
  if (mode === 'exit') Deno.exit(3);
  return Response.json({ calls, pid: Deno.pid });
});`,
);
fixture('broken', `throw new Error('broken: fails while loading');`);
fixture(
  'open',
  `Deno.serve((req) => Response.json({
  secret: Deno.env.get('TEST_SECRET') ?? null,
  fromFile: Deno.env.get('FROM_DOTENV') ?? null,
  url: Deno.env.get('SUPABASE_URL'),
  anonKey: Deno.env.get('SUPABASE_ANON_KEY'),
  serviceKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY'),
  internal: Object.keys(Deno.env.toObject()).filter((k) => k.startsWith('SUPABASE_LOCAL_')),
  path: new URL(req.url).pathname,
  search: new URL(req.url).search,
  authorization: req.headers.get('authorization'),
}));`,
);
writeFileSync(
  join(dir, '.env'),
  `# secrets for the tests\nHELLO_GREETING="Vanakkam"\nFROM_DOTENV=from the .env file\n`,
);

const config = fromToml({ functions: { open: { verify_jwt: false } } });
const logs: string[] = [];
const surface = functionsSurface({
  functionsDir: dir,
  env: { TEST_SECRET: 'from the environment', SUPABASE_URL: 'https://must-not-win.example' },
  log: (name, stream, line) => logs.push(`${name} ${stream}: ${line}`),
  watch: false,
});

forEachServer('functions-js', { config, surfaces: { functions: surface } }, ({ server }) => {
  const now = () => Math.floor(Date.now() / 1000);
  /**
   * functions-js alone, with exactly the headers given (no apikey, no default Authorization). It is
   * supabase-js's own dependency, so its class is reached through a client.
   */
  const bare = (headers: Record<string, string> = {}) => {
    const FunctionsClient = client(server()).functions.constructor as new (
      url: string,
      options: { headers: Record<string, string> },
    ) => ReturnType<typeof client>['functions'];
    return new FunctionsClient(`${server().url}/functions/v1`, { headers });
  };

  describe('invoke', () => {
    it("runs hello with the anon key (supabase-js's default): secret from .env, role anon, shared formatting", async () => {
      const { data, error } = await client(server()).functions.invoke('hello', {
        body: { name: 'Asha', amount: 123456.5 },
      });
      expect(error).toBeNull();
      expect(data).toEqual({ message: 'Vanakkam, Asha!', role: 'anon', amount: '₹1,23,456.50' });
    });

    it("passes the caller's JWT through: hello sees the signed-in user's role", async () => {
      const jwt = userJwt(server(), 'cccccccc-0000-4000-8000-00000000000a');
      const { data, error } = await client(server(), jwt).functions.invoke('hello', {
        body: { name: 'Ravi' },
      });
      expect(error).toBeNull();
      expect(data).toMatchObject({ message: 'Vanakkam, Ravi!', role: 'authenticated' });
    });

    it('gives the function its secrets and the project keys, never the internal variables', async () => {
      const { data, error } = await bare().invoke('open/sub/path?x=1', { method: 'GET' });
      expect(error).toBeNull();
      expect(data).toMatchObject({
        secret: 'from the environment',
        fromFile: 'from the .env file',
        url: server().url,
        anonKey: server().anonKey,
        serviceKey: server().serviceRoleKey,
        internal: [],
        path: '/open/sub/path',
        search: '?x=1',
        authorization: null,
      });
    });

    it('forwards the CORS preflight to the function, without a JWT', async () => {
      const res = await fetch(`${server().url}/functions/v1/hello`, {
        method: 'OPTIONS',
        headers: { origin: 'http://127.0.0.1:3000', 'access-control-request-method': 'POST' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-headers')).toBe(
        'authorization, x-client-info, apikey, content-type',
      );
      expect(await res.text()).toBe('ok');
    });

    it('answers 404 for a function that does not exist', async () => {
      const { error } = await client(server()).functions.invoke('no-such-function');
      expect(error).toBeInstanceOf(FunctionsHttpError);
      const res = (error as FunctionsHttpError).context as Response;
      expect([res.status, await res.text()]).toEqual([404, 'Function not found']);
    });
  });

  describe('verify_jwt', () => {
    const refused = async (headers: Record<string, string>) => {
      const { data, error } = await bare(headers).invoke('hello', { body: {} });
      expect(data).toBeNull();
      expect(error).toBeInstanceOf(FunctionsHttpError);
      const res = (error as FunctionsHttpError).context as Response;
      return [res.status, await res.json()];
    };

    it('refuses a call without a JWT', async () => {
      expect(await refused({})).toEqual([401, { msg: 'Error: Missing authorization header' }]);
    });

    it('refuses malformed, foreign, expired and non-Bearer tokens', async () => {
      const invalid = [401, { msg: 'Invalid JWT' }];
      expect(await refused({ Authorization: 'Bearer not-a-jwt' })).toEqual(invalid);
      const foreign = mintJwt('another-secret-another-secret-another-secret', {
        role: 'service_role',
        exp: now() + 60,
      });
      expect(await refused({ Authorization: `Bearer ${foreign}` })).toEqual(invalid);
      expect(
        await refused({ Authorization: `Bearer ${server().signJwt({ role: 'anon', exp: now() - 60 })}` }),
      ).toEqual(invalid);
      expect(await refused({ Authorization: `Basic ${server().anonKey}` })).toEqual([
        401,
        { msg: "Error: Auth header is not 'Bearer {token}'" },
      ]);
    });

    it('lets a function with verify_jwt = false be called without one', async () => {
      const { error } = await bare().invoke('open', { body: {} });
      expect(error).toBeNull();
    });
  });

  describe('failures', () => {
    const flaky = (mode?: string) => client(server()).functions.invoke('flaky', { body: { mode } });

    it('answers 500 when the handler throws, and the next call works on a fresh worker', async () => {
      const first = await flaky();
      expect(first.data).toMatchObject({ calls: 1 });
      const failed = await flaky('throw');
      const res = (failed.error as FunctionsHttpError).context as Response;
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        code: 'WORKER_ERROR',
        message: 'Function exited due to an error (please check logs)',
      });
      expect(res.headers.get('x-supabase-local-worker-error')).toBeNull();
      const next = await flaky();
      expect(next.error).toBeNull();
      expect(next.data).toMatchObject({ calls: 1 });
      expect(next.data.pid).not.toBe(first.data.pid);
      expect(logs.some((l) => l.startsWith('flaky stderr:') && l.includes('thrown on purpose'))).toBe(true);
    });

    it('answers 500 when the worker dies mid-call, and the next call works', async () => {
      const failed = await flaky('exit');
      const res = (failed.error as FunctionsHttpError).context as Response;
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ code: 'WORKER_ERROR' });
      const next = await flaky();
      expect(next.error).toBeNull();
      expect(next.data).toMatchObject({ calls: 1 });
    });

    it('answers 503 BOOT_ERROR for a function that fails to load, every time', async () => {
      for (let i = 0; i < 2; i++) {
        const { error } = await client(server()).functions.invoke('broken');
        const res = (error as FunctionsHttpError).context as Response;
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual({
          code: 'BOOT_ERROR',
          message: 'Worker failed to boot (please check logs)',
        });
      }
      expect(logs.some((l) => l.includes('broken: fails while loading'))).toBe(true);
    });
  });
});
