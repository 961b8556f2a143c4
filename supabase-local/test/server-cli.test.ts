/**
 * The command line, as a user runs it (bin/supabase-local.mjs in a child process, --workdir pointing
 * at a throwaway project): a failing migration stops with file, line and message; serve starts,
 * prints its URLs and keys, answers, and stops cleanly on SIGTERM; status, migrate and reset on a
 * PGlite data folder. On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb, forEachDbKind, type TestDatabase } from '../src/testing/test-db.ts';

const BIN = fileURLToPath(new URL('../bin/supabase-local.mjs', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'sl-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
function project(migrations: Record<string, string>, seed = ''): string {
  const dir = join(root, `p${++n}`);
  mkdirSync(join(dir, 'supabase', 'migrations'), { recursive: true });
  for (const [f, sql] of Object.entries(migrations))
    writeFileSync(join(dir, 'supabase', 'migrations', f), sql);
  writeFileSync(join(dir, 'supabase', 'seed.sql'), seed);
  return dir;
}

const GOOD = {
  '20240101000000_items.sql': `create table public.items (id int primary key, name text);
alter table public.items enable row level security;
create policy "anyone reads items" on public.items for select to anon using (true);`,
};
const SEED = `insert into public.items values (1, 'teak chair');`;

/** Runs the CLI to completion (or until `until` matches stdout, for serve). */
function cli(args: string[], env: Record<string, string>, until?: RegExp) {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d));
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = until
    ? new Promise<void>((resolve, reject) => {
        child.stdout.on('data', () => until.test(stdout) && resolve());
        void exited.then(() => reject(new Error(`exited before ready:\n${stdout}\n${stderr}`)));
      })
    : exited.then(() => undefined);
  return { child, exited, ready, out: () => stdout, err: () => stderr };
}

forEachDbKind('supabase-local CLI', (kind) => {
  const dbs: TestDatabase[] = [];
  afterAll(async () => Promise.all(dbs.map((d) => d.drop())));
  /** DATABASE_URL of an empty scratch database, or an in-memory PGlite. */
  async function dbEnv(): Promise<Record<string, string>> {
    if (kind === 'pglite') return { SUPABASE_LOCAL_DATA: 'memory://' };
    const t = await createTestDb('postgres', { bootstrap: false });
    dbs.push(t);
    return { DATABASE_URL: t.url! };
  }

  it('stops on a failing migration with the file, line and Postgres message', async () => {
    const dir = project({
      ...GOOD,
      '20240102000000_broken.sql': `-- oops\nalter table public.items add column price numerc(10, 2);\n`,
    });
    const run = cli(['migrate', '--workdir', dir], await dbEnv());
    expect(await run.exited).toBe(1);
    expect(run.err()).toContain('Migration failed');
    expect(run.err()).toContain('supabase/migrations/20240102000000_broken.sql:2:');
    expect(run.err()).toContain('type "numerc" does not exist');
  }, 120_000);

  it('serves: prints URLs and keys, answers REST with the anon key, stops cleanly on SIGTERM', async () => {
    const dir = project(GOOD, SEED);
    const run = cli(
      ['serve', '--workdir', dir],
      { ...(await dbEnv()), SUPABASE_PORT: '0', SUPABASE_SMTP_PORT: '0', PORT: '0' },
      /Press Ctrl\+C/,
    );
    try {
      await run.ready;
      const out = run.out();
      const apiUrl = /API URL: (\S+)/.exec(out)![1]!;
      const storefront = /Storefront: (\S+)/.exec(out)![1]!;
      const anonKey = /anon key: (\S+)/.exec(out)![1]!;
      expect(out).toMatch(/service_role key: eyJ/);
      // the new keys as `supabase status` prints them, and the key user JWTs are signed with
      expect(out).toContain('Publishable key: sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH');
      expect(out).toContain('Secret key: sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz');
      const kid = /JWT signing: ES256 key (\S+) /.exec(out)![1]!;
      expect(out).toContain(
        'Development surfaces on: the well-known local keys, listening on loopback only.',
      );
      expect(out).toContain(`Mailbox (mail Auth sends): ${apiUrl}/auth/v1/mailbox`);
      // SUPABASE_SMTP_PORT=0: the listener's real port, which takes mail
      const smtpPort = Number(/SMTP \(into the mailbox\): 127\.0\.0\.1:(\d+) /.exec(out)![1]);
      expect(smtpPort).toBeGreaterThan(0);
      const smtpUp = await new Promise<string>((resolve, reject) => {
        const sock = connect(smtpPort, '127.0.0.1');
        sock.once('data', (d) => {
          sock.destroy();
          resolve(String(d));
        });
        sock.once('error', reject);
      });
      expect(smtpUp).toMatch(/^220 /);
      expect(out).toMatch(/Browsers may call the API from: .*http:\/\/127\.0\.0\.1:3000/);
      expect(out).toContain(kind === 'pglite' ? 'PGlite in memory' : 'PostgreSQL postgres://');
      if (kind === 'pglite')
        expect(out).toContain(
          "PGlite WebAssembly: V8's baseline compiler alone (SUPABASE_LOCAL_WASM_TIER_UP=1",
        );
      else expect(out).not.toContain('PGlite WebAssembly');
      const res = await fetch(`${apiUrl}/rest/v1/items?select=name`, { headers: { apikey: anonKey } });
      expect(await res.json()).toEqual([{ name: 'teak chair' }]);
      const published = await fetch(`${apiUrl}/rest/v1/items?select=name`, {
        headers: { apikey: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH' },
      });
      expect(await published.json()).toEqual([{ name: 'teak chair' }]);
      const jwks = (await (await fetch(`${apiUrl}/auth/v1/.well-known/jwks.json`)).json()) as {
        keys: { kid: string }[];
      };
      expect(jwks.keys.map((k) => k.kid)).toEqual([kid]);
      expect((await fetch(storefront)).status).toBe(503); // no build in this project
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
    expect(run.out()).toContain('SIGTERM: stopping supabase-local');
  }, 120_000);
});

describe('supabase-local CLI with a JWT secret of its own', () => {
  it('says the development surfaces are off, and why', async () => {
    const dir = project(GOOD, SEED);
    const run = cli(
      ['serve', '--workdir', dir],
      {
        SUPABASE_LOCAL_DATA: 'memory://',
        SUPABASE_PORT: '0',
        SUPABASE_SMTP_PORT: '0',
        PORT: '0',
        SUPABASE_JWT_SECRET: 'an-own-secret-of-at-least-32-characters!',
      },
      /Press Ctrl\+C/,
    );
    try {
      await run.ready;
      expect(run.out()).toContain(
        'Development surfaces off: SUPABASE_JWT_SECRET is set (a secret of your own means a real deployment).',
      );
      expect(run.out()).toContain('The mailbox, the local sign-in page and the Razorpay sandbox answer 404.');
      expect(run.out()).toContain('No SMTP listener');
      const apiUrl = /API URL: (\S+)/.exec(run.out())![1]!;
      expect((await fetch(`${apiUrl}/auth/v1/mailbox`)).status).toBe(404);
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
  }, 120_000);

  it('refuses an empty SUPABASE_HOST with the well-known keys', async () => {
    const run = cli(['serve', '--workdir', project(GOOD)], {
      SUPABASE_LOCAL_DATA: 'memory://',
      SUPABASE_PORT: '0',
      SUPABASE_SMTP_PORT: '0',
      PORT: '0',
      SUPABASE_HOST: '',
    });
    expect(await run.exited).toBe(1);
    expect(run.err()).toContain("Refusing to listen on '' (every interface)");
  }, 120_000);
});

describe('supabase-local CLI on a PGlite data folder', () => {
  it('migrate, status and reset', async () => {
    const dir = project(GOOD, SEED);
    const env = { SUPABASE_LOCAL_DATA: join(dir, '.data', 'pglite') };
    const migrate = cli(['migrate', '--workdir', dir], env);
    expect(await migrate.exited).toBe(0);
    expect(migrate.out()).toContain('Applied 1 migration(s).');
    expect(migrate.out()).toContain('Seeded the new database.');

    const status = cli(['status', '--workdir', dir], env);
    expect(await status.exited).toBe(0);
    expect(status.out()).toMatch(/20240101000000 \| 20240101000000 \| items/);
    expect(status.out()).toContain('1 applied, 0 pending.');

    const reset = cli(['reset', '--workdir', dir], env);
    expect(await reset.exited).toBe(0);
    expect(reset.out()).toContain('Resetting the PGlite database');
    expect(reset.out()).toContain('Seeded the new database.');
  }, 180_000);

  it('serves a folder it prepared before, on the baseline WebAssembly tier or V8 default tier-up', async () => {
    const dir = project(GOOD, SEED);
    const data = { SUPABASE_LOCAL_DATA: join(dir, '.data', 'pglite'), SUPABASE_SMTP_PORT: '0' };
    const ports = { SUPABASE_PORT: '0', PORT: '0' };
    const names = async (env: Record<string, string>) => {
      const run = cli(['serve', '--workdir', dir], { ...data, ...ports, ...env }, /Press Ctrl\+C/);
      try {
        await run.ready;
        const apiUrl = /API URL: (\S+)/.exec(run.out())![1]!;
        const anonKey = /anon key: (\S+)/.exec(run.out())![1]!;
        const res = await fetch(`${apiUrl}/rest/v1/items?select=name`, { headers: { apikey: anonKey } });
        return { tier: /PGlite WebAssembly: (.*)/.exec(run.out())?.[1], rows: await res.json() };
      } finally {
        run.child.kill('SIGTERM');
        expect(await run.exited).toBe(0);
      }
    };
    // the first start prepares the folder (from a snapshot), the next ones open what it left
    expect((await names({})).rows).toEqual([{ name: 'teak chair' }]);
    const again = await names({});
    expect(again.tier).toMatch(/^V8's baseline compiler alone/);
    expect(again.rows).toEqual([{ name: 'teak chair' }]);
    const tierUp = await names({ SUPABASE_LOCAL_WASM_TIER_UP: '1' });
    expect(tierUp.tier).toBe('Liftoff, then TurboFan for hot functions (SUPABASE_LOCAL_WASM_TIER_UP=1)');
    expect(tierUp.rows).toEqual([{ name: 'teak chair' }]);
  }, 180_000);
});
