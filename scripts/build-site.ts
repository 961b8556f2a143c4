/**
 * `pnpm build:site`: the one deployable site, built once for production.
 *
 *   dist/site/            the storefront at /, the admin at /admin/, robots.txt, hashed assets
 *                         under assets/ and admin/assets/, Netlify's _headers and _redirects, vercel.json
 *   dist/deploy/nginx.conf  the nginx server block for it
 *
 * It refuses to start without VITE_SUPABASE_URL, VITE_SUPABASE_PUBLISHABLE_KEY (or the legacy
 * VITE_SUPABASE_ANON_KEY), VITE_SITE_URL and VITE_RAZORPAY_KEY_ID, naming each one missing, and fails
 * when the output holds a secret or a left-over of the local build. docs/deploy.md, step 7.
 *
 *   --out <dir>        the site folder (default dist/site; the nginx block goes to <dir>/../deploy)
 *   --listen <port>    nginx's listen (default 80)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SiteBuildEnvError, siteBuildEnv } from '../shared/src/config.ts';
import { HOST_FILES, hostValues, renderHostFile, type HostFile } from './build-site-hosts.ts';
import { findSecrets, localLeftovers } from './build-site-secrets.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: { out: { type: 'string' }, listen: { type: 'string' } },
});
const out = resolve(args.out ?? join(root, 'dist', 'site'));
const deployOut = join(dirname(out), 'deploy');

function fail(message: string): never {
  console.error(`\nbuild:site failed: ${message}`);
  process.exit(1);
}

let env;
try {
  env = siteBuildEnv(process.env, { local: false });
} catch (e) {
  if (e instanceof SiteBuildEnvError) fail(e.message);
  throw e;
}
console.log(
  `build:site → ${out}\n  API ${env.supabaseUrl} (${env.supabaseKeyKind} key), site ${env.siteUrl}, Razorpay ${env.razorpayKeyId}`,
);

// Each app's own Vite (mode production: its vite.config.ts checks the same variables again).
for (const [app, dir] of [
  ['storefront', out],
  ['admin', join(out, 'admin')],
] as const) {
  const vite = join(root, app, 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--outDir', dir, '--emptyOutDir'], {
    cwd: join(root, app),
    stdio: 'inherit',
    env: process.env,
  });
  if (r.status !== 0) fail(`vite build of ${app} exited with ${r.status ?? r.signal}`);
}

const secrets = findSecrets(out);
if (secrets.length > 0) {
  fail(`the output holds secrets:\n${secrets.map((s) => `  - ${s.file}: ${s.what}`).join('\n')}`);
}
const leftovers = localLeftovers(out);
if (leftovers.length > 0) {
  fail(
    `the output points at supabase-local:\n${leftovers.map((s) => `  - ${s.file}: ${s.what}`).join('\n')}`,
  );
}

const values = hostValues({
  supabaseUrl: env.supabaseUrl,
  siteUrl: env.siteUrl,
  siteDir: out,
  ...(args.listen ? { listen: args.listen } : {}),
});
mkdirSync(deployOut, { recursive: true });
for (const [name, where] of Object.entries(HOST_FILES) as [HostFile, 'site' | 'deploy'][]) {
  writeFileSync(join(where === 'site' ? out : deployOut, name), renderHostFile(name, values));
}
console.log(
  `build:site done: ${out} (+ _headers, _redirects, vercel.json), ${join(deployOut, 'nginx.conf')}; no secret in the output`,
);
