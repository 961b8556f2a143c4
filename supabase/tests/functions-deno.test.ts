/**
 * How the Edge Functions load under Deno, apart from what they do (the other functions-*.test.ts):
 *
 * - supabase-js is pinned in one place (supabase/functions/_shared/supabase.ts) at the version the
 *   workspace installs (root package.json), so Deno resolves it from node_modules: a mismatch would
 *   stop every function ("Could not find a matching package … in the node_modules directory").
 * - From a fresh clone after `pnpm install`, with an empty Deno cache and no fetching allowed
 *   (--cached-only), every function type-checks: nothing is downloaded at run time.
 * - The functions take the key the runtime gives them, new-style first, as hosted Supabase
 *   documents: SUPABASE_SECRET_KEYS / SUPABASE_PUBLISHABLE_KEYS (JSON dictionaries, "default"),
 *   then SUPABASE_SECRET_KEY / SUPABASE_PUBLISHABLE_KEY, then the legacy service_role / anon keys.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const FUNCTIONS = join(ROOT, 'supabase/functions');
const SHARED = join(FUNCTIONS, '_shared/supabase.ts');

/** The deno binary supabase-local runs the functions with (its `deno` npm package). */
function denoBinary(): string {
  const explicit = process.env.SUPABASE_LOCAL_DENO?.trim();
  if (explicit) return explicit;
  const local = createRequire(import.meta.url).resolve('supabase-local');
  return join(dirname(createRequire(local).resolve('deno/package.json')), 'deno');
}

/** Every .ts file under the functions folder. */
function sources(dir = FUNCTIONS): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

const denoDir = mkdtempSync(join(tmpdir(), 'functions-deno-cache-'));
afterAll(() => rmSync(denoDir, { recursive: true, force: true }));

/** Runs deno in the functions folder with only `env` (plus PATH/HOME) and an empty cache. */
function deno(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(denoBinary(), args, {
    cwd: FUNCTIONS,
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DENO_DIR: denoDir,
      DENO_NO_UPDATE_CHECK: '1',
      NO_COLOR: '1',
      ...env,
    },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the Edge Functions under Deno', () => {
  it('import supabase-js in one place, at the version the workspace installs', () => {
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    const wanted = root.devDependencies['@supabase/supabase-js'];
    expect(wanted).toMatch(/^\d+\.\d+\.\d+$/); // exact, as Deno's npm: specifier pins it
    const installed = JSON.parse(
      readFileSync(join(ROOT, 'node_modules/@supabase/supabase-js/package.json'), 'utf8'),
    ) as { version: string };
    expect(installed.version).toBe(wanted);

    // supabase-js however it is spelled (npm:, esm.sh, a bare name through an import map)
    const specifiers = sources().flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]*supabase-js[^'"]*)['"]/g),
      ].map((m) => ({ file: file.slice(FUNCTIONS.length + 1), specifier: m[1]! })),
    );
    expect(specifiers.length).toBeGreaterThan(0);
    for (const { file, specifier } of specifiers) {
      expect(file).toBe('_shared/supabase.ts');
      expect(specifier).toBe(`npm:@supabase/supabase-js@${wanted}`);
    }
  });

  it('type-check with an empty Deno cache and no downloads (strict; resolved from node_modules)', () => {
    const entries = readdirSync(FUNCTIONS)
      .filter((d) => !d.startsWith('_') && statSync(join(FUNCTIONS, d)).isDirectory())
      .map((d) => `${d}/index.ts`);
    expect(entries).toEqual(
      expect.arrayContaining([
        'razorpay-create-order/index.ts',
        'refunds/index.ts',
        'razorpay-verify-payment/index.ts',
        'razorpay-webhook/index.ts',
        'sitemap/index.ts',
      ]),
    );
    const r = deno(['check', '--quiet', '--cached-only', ...entries]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  describe('take the runtime’s keys, new-style first', () => {
    const keysWith = (env: Record<string, string>) => {
      const script = `import { projectKey } from '${pathToFileURL(SHARED).href}';
        const tryKey = (k) => { try { return projectKey(k); } catch (e) { return 'error: ' + e.message; } };
        console.log(JSON.stringify({ secret: tryKey('secret'), publishable: tryKey('publishable') }));`;
      const r = deno(['eval', '--cached-only', script], env);
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout) as { secret: string; publishable: string };
    };
    const LEGACY = { SUPABASE_SERVICE_ROLE_KEY: 'eyJ.service', SUPABASE_ANON_KEY: 'eyJ.anon' };

    it('hosted: the "default" key of SUPABASE_SECRET_KEYS / SUPABASE_PUBLISHABLE_KEYS', () => {
      expect(
        keysWith({
          ...LEGACY,
          SUPABASE_SECRET_KEY: 'sb_secret_single',
          SUPABASE_SECRET_KEYS: JSON.stringify({ other: 'sb_secret_other', default: 'sb_secret_default' }),
          SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ web: 'sb_publishable_web' }),
        }),
      ).toEqual({ secret: 'sb_secret_default', publishable: 'sb_publishable_web' });
    });

    it('self-hosted: SUPABASE_SECRET_KEY / SUPABASE_PUBLISHABLE_KEY', () => {
      expect(
        keysWith({
          ...LEGACY,
          SUPABASE_SECRET_KEY: 'sb_secret_single',
          SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_single',
        }),
      ).toEqual({ secret: 'sb_secret_single', publishable: 'sb_publishable_single' });
    });

    it('legacy: SUPABASE_SERVICE_ROLE_KEY / SUPABASE_ANON_KEY; none: an error naming all three', () => {
      expect(keysWith(LEGACY)).toEqual({ secret: 'eyJ.service', publishable: 'eyJ.anon' });
      expect(keysWith({})).toEqual({
        secret:
          'error: No secret key: set SUPABASE_SECRET_KEYS, SUPABASE_SECRET_KEY or SUPABASE_SERVICE_ROLE_KEY',
        publishable:
          'error: No publishable key: set SUPABASE_PUBLISHABLE_KEYS, SUPABASE_PUBLISHABLE_KEY or SUPABASE_ANON_KEY',
      });
    });
  });
});
