/**
 * The store as it runs in production, on this machine: the site built by `pnpm build:site` with
 * production variables (a non-local site address, the API's own keys), served by Debian's nginx
 * with deploy/nginx.conf, in front of supabase-local started with its own keys (no development
 * surfaces: no mailbox, no local provider page, no Razorpay sandbox), as a hosted project would be.
 *
 * The site's address is https://furnicraft.test:<port>: nginx serves it over TLS with a certificate
 * made for this run (openssl), Chromium maps the name to 127.0.0.1 (--host-resolver-rules in
 * playwright.config.ts) and accepts the certificate (ignoreHTTPSErrors), so the browser sends
 * `Host: furnicraft.test` from a secure context, and the API (http://127.0.0.1:<port>) sees a
 * cross-origin site, as https://furnicraft.in would be for https://<ref>.supabase.co. supabase-local reads the site's address from its config.toml, as
 * `supabase config push` gives it to a hosted project: the stack runs it on a copy of supabase/
 * whose [auth] site_url and additional_redirect_urls name the site (everything else links back to
 * the repository's files).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request } from 'node:https';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiKeys } from '../../../supabase-local/src/keys.ts';
import { hostValues, renderHostFile } from '../../../scripts/build-site-hosts.ts';
import { findSecrets, localLeftovers, type SecretFinding } from '../../../scripts/build-site-secrets.ts';

export const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

/** Ports of issue 14's range (55400-55499): the site (nginx), the API, supabase-local's unused web origin. */
export const SITE_PORT = Number(process.env.E2E_PROD_SITE_PORT ?? 55480);
export const API_PORT = Number(process.env.E2E_PROD_API_PORT ?? 55421);
const LOCAL_WEB_PORT = Number(process.env.E2E_PROD_WEB_PORT ?? 55422);

export const SITE_HOST = 'furnicraft.test';
export const SITE_URL = `https://${SITE_HOST}:${SITE_PORT}`;
export const API_URL = `http://127.0.0.1:${API_PORT}`;
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/**
 * The project's own keys for this run, as a hosted project has them: a JWT secret (legacy), a
 * publishable and a secret key; user sessions are signed with supabase-local's ES256 key (one per
 * process with memory://) and published in its JWKS. Development surfaces are then off.
 */
const JWT_SECRET = `e2e-prod-${randomBytes(24).toString('hex')}`;
export const PUBLISHABLE_KEY = `sb_publishable_${randomBytes(16).toString('base64url')}`;
export const SECRET_KEY = `sb_secret_${randomBytes(16).toString('base64url')}`;
const KEYS = apiKeys({ SUPABASE_JWT_SECRET: JWT_SECRET });

/** Secrets in the build's environment, which the build must keep out of the bundle. */
const BUILD_SECRETS = {
  SUPABASE_SECRET_KEY: SECRET_KEY,
  SUPABASE_SERVICE_ROLE_KEY: KEYS.serviceRoleKey,
  SUPABASE_JWT_SECRET: JWT_SECRET,
  RAZORPAY_KEY_SECRET: `rzp-secret-${randomBytes(8).toString('hex')}`,
  RAZORPAY_WEBHOOK_SECRET: `whsec-${randomBytes(8).toString('hex')}`,
};

export interface Stack {
  siteDir: string;
  nginxConf: string;
  /** what the secret scan found in the build (must be nothing) */
  secrets: SecretFinding[];
  leftovers: SecretFinding[];
  stop(): Promise<void>;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const s = createServer()
      .once('error', () => done(false))
      .once('listening', () => s.close(() => done(true)))
      .listen(port, '127.0.0.1');
  });
}

async function waitFor(url: string, what: string, child: ChildProcess, log: () => string, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = url.startsWith('https:') ? await siteFetch(new URL(url).pathname) : await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer ${url} within ${ms / 1000} s:\n${log()}`);
}

/** A copy of supabase/ naming the production-like site in [auth], the rest linked to the repository. */
function projectFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'furnicraft-e2e-prod-'));
  const supabase = join(dir, 'supabase');
  mkdirSync(supabase);
  for (const name of ['migrations', 'functions', 'seed.sql', 'templates']) {
    if (existsSync(join(ROOT, 'supabase', name)))
      symlinkSync(join(ROOT, 'supabase', name), join(supabase, name));
  }
  for (const name of ['shared', 'package.json', 'node_modules'])
    symlinkSync(join(ROOT, name), join(dir, name));
  const toml = readFileSync(join(ROOT, 'supabase', 'config.toml'), 'utf8')
    .replace(/^site_url\s*=.*$/m, `site_url = "${SITE_URL}"`)
    .replace(
      /^additional_redirect_urls\s*=\s*\[[\s\S]*?\]/m,
      `additional_redirect_urls = ["${SITE_URL}", "${SITE_URL}/admin/", "${SITE_URL}/admin/set-password"]`,
    );
  if (!toml.includes(`site_url = "${SITE_URL}"`))
    throw new Error('config.toml: no [auth] site_url to replace');
  writeFileSync(join(supabase, 'config.toml'), toml);
  return dir;
}

/** `pnpm build:site` as ops run it, with production variables for this stack. */
function buildSite(siteDir: string): void {
  const env = {
    ...process.env,
    ...BUILD_SECRETS,
    VITE_SUPABASE_URL: API_URL,
    VITE_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    VITE_SITE_URL: SITE_URL,
    VITE_RAZORPAY_KEY_ID: 'rzp_test_E2eProdKeyId01',
  };
  const r = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
      join(ROOT, 'scripts/build-site.ts'),
      '--out',
      siteDir,
      '--listen',
      `127.0.0.1:${SITE_PORT}`,
    ],
    { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (r.status !== 0) throw new Error(`pnpm build:site failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
}

function startProcess(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd: string) {
  let out = '';
  const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  child.stderr!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  };
  return { child, log: () => out, stop };
}

export async function startStack(): Promise<Stack> {
  if (!existsSync(NGINX)) {
    throw new Error(
      `nginx is missing at ${NGINX}: install Debian's package (apt-get install nginx; npm test does) or set NGINX_PATH.`,
    );
  }
  for (const port of [SITE_PORT, API_PORT, LOCAL_WEB_PORT]) {
    if (!(await portFree(port)))
      throw new Error(`port ${port} is taken: the prod e2e needs it (E2E_PROD_*_PORT move them)`);
  }
  const work = mkdtempSync(join(tmpdir(), 'furnicraft-e2e-prod-site-'));
  // nginx's workers run as another user (nobody, www-data) when the tests run as root: mkdtemp's 0700 would hide the site
  chmodSync(work, 0o755);
  const siteDir = join(work, 'site');
  buildSite(siteDir);
  const secrets = findSecrets(siteDir, { ...process.env, ...BUILD_SECRETS });
  const leftovers = localLeftovers(siteDir);

  const project = projectFolder();
  const api = startProcess(
    process.execPath,
    [join(ROOT, 'supabase-local/bin/supabase-local.mjs'), 'serve', '--workdir', project],
    {
      ...process.env,
      SUPABASE_PORT: String(API_PORT),
      PORT: String(LOCAL_WEB_PORT),
      SUPABASE_LOCAL_DATA: 'memory://',
      SUPABASE_JWT_SECRET: JWT_SECRET,
      SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      SUPABASE_SECRET_KEY: SECRET_KEY,
      // what `supabase secrets set` gives the hosted functions
      SITE_URL,
    },
    ROOT,
  );

  // nginx with deploy/nginx.conf as build:site rendered it, inside a main config of its own
  const nginxDir = join(work, 'nginx');
  mkdirSync(join(nginxDir, 'logs'), { recursive: true });
  mkdirSync(join(nginxDir, 'temp'), { recursive: true });
  const serverBlock = renderHostFile(
    'nginx.conf',
    hostValues({ supabaseUrl: API_URL, siteUrl: SITE_URL, siteDir, listen: `127.0.0.1:${SITE_PORT} ssl` }),
  );
  writeFileSync(join(nginxDir, 'furnicraft.conf'), serverBlock);
  // TLS as in production, with a certificate for furnicraft.test made for this run
  const tls = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-keyout',
      join(nginxDir, 'site.key'),
      '-out',
      join(nginxDir, 'site.crt'),
      '-subj',
      `/CN=${SITE_HOST}`,
      '-addext',
      `subjectAltName=DNS:${SITE_HOST}`,
    ],
    { encoding: 'utf8' },
  );
  if (tls.status !== 0) {
    await api.stop();
    throw new Error(`openssl could not make the test certificate (apt-get install openssl):\n${tls.stderr}`);
  }
  const nginxConf = join(nginxDir, 'nginx.conf');
  const t = join(nginxDir, 'temp');
  writeFileSync(
    nginxConf,
    `worker_processes 1;
pid ${join(nginxDir, 'nginx.pid')};
error_log ${join(nginxDir, 'logs/error.log')} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${join(nginxDir, 'logs/access.log')};
  client_body_temp_path ${t}/body; proxy_temp_path ${t}/proxy; fastcgi_temp_path ${t}/fastcgi;
  uwsgi_temp_path ${t}/uwsgi; scgi_temp_path ${t}/scgi;
  sendfile on;
  ssl_certificate ${join(nginxDir, 'site.crt')};
  ssl_certificate_key ${join(nginxDir, 'site.key')};
  include ${join(nginxDir, 'furnicraft.conf')};
}
`,
  );
  const check = spawnSync(NGINX, ['-t', '-c', nginxConf, '-p', nginxDir], { encoding: 'utf8' });
  if (check.status !== 0) {
    await api.stop();
    throw new Error(`nginx -t refused deploy/nginx.conf:\n${check.stderr}`);
  }
  const web = startProcess(
    NGINX,
    ['-c', nginxConf, '-p', nginxDir, '-g', 'daemon off;'],
    process.env,
    nginxDir,
  );

  try {
    await waitFor(`${API_URL}/auth/v1/health`, 'supabase-local', api.child, api.log);
    await waitFor(`https://127.0.0.1:${SITE_PORT}/`, 'nginx', web.child, () => web.log() + readLog(nginxDir));
  } catch (e) {
    await Promise.all([web.stop(), api.stop()]);
    throw e;
  }
  return {
    siteDir,
    nginxConf: serverBlock,
    secrets,
    leftovers,
    async stop() {
      await Promise.all([web.stop(), api.stop()]);
      rmSync(work, { recursive: true, force: true });
      rmSync(project, { recursive: true, force: true });
    },
  };
}

function readLog(nginxDir: string): string {
  try {
    return readFileSync(join(nginxDir, 'logs/error.log'), 'utf8');
  } catch {
    return '';
  }
}

/** Calls to the API with the secret key of this stack (what admin tooling would use). */
export async function serviceCall(path: string, init: RequestInit = {}): Promise<unknown> {
  const res = await fetch(`${API_URL}${path}`, {
    ...init,
    headers: {
      apikey: SECRET_KEY,
      'Content-Type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${res.status}: ${text}`);
  return text === '' ? null : JSON.parse(text);
}

/** A confirmed shopper, made as support staff would with the Auth admin API (no mailbox here). */
export async function createShopper(): Promise<{ email: string; password: string }> {
  const email = `shopper-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
  const password = 'Shopper-pass-2026!';
  await serviceCall('/auth/v1/admin/users', {
    method: 'POST',
    body: JSON.stringify({ email, password, email_confirm: true }),
  });
  return { email, password };
}

/** The first staff account, made with `pnpm admin:create` against this project, as docs/deploy.md says. */
export function createStaff(): { email: string; password: string } {
  const email = `owner-${Date.now()}@example.com`;
  const password = `Owner-${randomBytes(6).toString('hex')}-2026!`;
  const r = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'scripts/admin-create.ts'), email],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        ...process.env,
        SUPABASE_URL: API_URL,
        SUPABASE_SERVICE_ROLE_KEY: SECRET_KEY,
        ADMIN_PASSWORD: password,
        SITE_URL,
      },
    },
  );
  if (r.status !== 0) throw new Error(`pnpm admin:create failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return { email, password };
}

/** An answer of the site as Node sees it (nginx on 127.0.0.1 over TLS, its test certificate accepted). */
export interface SiteAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** GET `path` from nginx, as `Host: furnicraft.test` unless `host` says otherwise; redirects are not followed. */
export function siteFetch(path: string, host = `${SITE_HOST}:${SITE_PORT}`): Promise<SiteAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: SITE_PORT,
        path,
        servername: SITE_HOST,
        headers: { Host: host },
        rejectUnauthorized: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
