import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real commands, refused before they build anything: `pnpm build:site` and each app's own
// production `vite build` without the production variables (they fail at config time, in seconds).
const root = resolve(import.meta.dirname, '..');
const out = mkdtempSync(join(tmpdir(), 'build-site-refused-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The environment without any VITE_* variable (a CI runner's, say). */
const bare = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITE_')));
const REQUIRED = [
  'VITE_SUPABASE_URL',
  'VITE_SUPABASE_PUBLISHABLE_KEY',
  'VITE_SITE_URL',
  'VITE_RAZORPAY_KEY_ID',
];

describe('a production build fails closed', () => {
  it('pnpm build:site names every missing variable and writes nothing', () => {
    const r = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/tsx/dist/cli.mjs'),
        join(root, 'scripts/build-site.ts'),
        '--out',
        join(out, 'site'),
      ],
      { cwd: root, env: bare, encoding: 'utf8' },
    );
    expect(r.status).toBe(1);
    for (const name of REQUIRED) expect(r.stderr).toContain(`${name} is missing`);
    expect(existsSync(join(out, 'site'))).toBe(false);
  });

  it('names only what is missing, and refuses a secret key in the browser key', () => {
    const r = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/tsx/dist/cli.mjs'),
        join(root, 'scripts/build-site.ts'),
        '--out',
        join(out, 'site'),
      ],
      {
        cwd: root,
        env: {
          ...bare,
          VITE_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co',
          VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_secret_abcdefgh12345678',
          VITE_SITE_URL: 'https://furnicraft.in',
        },
        encoding: 'utf8',
      },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('VITE_SUPABASE_PUBLISHABLE_KEY is a secret key');
    expect(r.stderr).toContain('VITE_RAZORPAY_KEY_ID is missing');
    expect(r.stderr).not.toContain('VITE_SITE_URL is missing');
  });

  for (const app of ['storefront', 'admin']) {
    it(`${app}: a plain \`vite build\` (mode production) refuses too; only --mode supabase-local defaults`, () => {
      const r = spawnSync(
        process.execPath,
        [join(root, app, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', join(out, app)],
        { cwd: join(root, app), env: bare, encoding: 'utf8' },
      );
      expect(r.status).not.toBe(0);
      expect(r.stderr + r.stdout).toContain('VITE_SUPABASE_URL is missing');
      expect(existsSync(join(out, app, 'index.html'))).toBe(false);
    });
  }
});
