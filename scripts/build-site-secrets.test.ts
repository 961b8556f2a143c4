import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_SUPABASE_ANON_KEY } from '../shared/src/config.ts';
import { findSecrets, localLeftovers } from './build-site-secrets.ts';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (payload: object) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.c2lnbmF0dXJlLWJ5dGVz`;

let dir = '';
function site(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'build-site-secrets-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const clean = {
  'index.html': '<script type="module" src="/assets/index-Ab12.js"></script>',
  'assets/index-Ab12.js': `const k="sb_publishable_abcdefgh123";const u="https://x.supabase.co";const a="${jwt({ role: 'anon', iss: 'supabase' })}";`,
  'admin/assets/index-Ef56.js': 'const rzp="rzp_live_AbC123";',
};

describe('findSecrets', () => {
  it('finds nothing in a bundle holding only public values (publishable key, anon JWT, key id)', () => {
    expect(findSecrets(site(clean), {})).toEqual([]);
  });

  it('finds a secret key, a service_role JWT and the value of every secret of the environment', () => {
    const env = {
      SUPABASE_SERVICE_ROLE_KEY: 'unused-here-but-a-value',
      RAZORPAY_KEY_SECRET: 'razorpay-secret-1234',
      SUPABASE_JWT_SECRET: 'a-jwt-secret-of-at-least-32-characters!!',
      MY_OTHER_PASSWORD: 'hunter2hunter2',
    };
    const findings = findSecrets(
      site({
        ...clean,
        'assets/a.js': 'x="sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz"',
        'assets/b.js': `x="${jwt({ role: 'service_role' })}"`,
        'admin/assets/c.js': 'x="razorpay-secret-1234"',
        'robots.txt': 'a-jwt-secret-of-at-least-32-characters!!',
        'admin/index.html': 'hunter2hunter2',
        'assets/d.js': 'super-secret-jwt-token-with-at-least-32-characters-long',
      }),
      env,
    );
    expect(findings).toEqual(
      expect.arrayContaining([
        { file: 'assets/a.js', what: 'a Supabase secret key (sb_secret_…)' },
        { file: 'assets/b.js', what: 'a JWT with role "service_role" (only the anon key may be public)' },
        { file: 'admin/assets/c.js', what: 'the value of RAZORPAY_KEY_SECRET' },
        { file: 'robots.txt', what: 'the value of SUPABASE_JWT_SECRET' },
        { file: 'admin/index.html', what: 'the value of MY_OTHER_PASSWORD' },
        { file: 'assets/d.js', what: 'the value of the well-known local JWT secret' },
      ]),
    );
    expect(findings).toHaveLength(6);
  });
});

describe('localLeftovers', () => {
  it('finds the local API, its anon key and the Razorpay sandbox in a production bundle', () => {
    const found = localLeftovers(
      site({
        'assets/a.js': `fetch("http://127.0.0.1:54321/rest/v1");k="${LOCAL_SUPABASE_ANON_KEY}"`,
        'assets/b.js': 'id="rzp_test_local0000000001";s="http://x/razorpay/checkout.js"',
      }),
    ).map((f) => `${f.file}: ${f.what}`);
    expect(found).toEqual([
      "assets/a.js: supabase-local's API address",
      'assets/a.js: the well-known local anon key',
      "assets/b.js: supabase-local's Razorpay sandbox key id",
      "assets/b.js: supabase-local's Razorpay sandbox checkout script",
    ]);
    expect(localLeftovers(site(clean))).toEqual([]);
  });
});
