/**
 * `pnpm admin:create <email>`: create a staff user with app_metadata.role = 'admin', or promote an
 * existing one, through Auth's admin API — against supabase-local by default, or hosted Supabase given
 * SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY. The role lives in app_metadata, which only the service
 * role can write, so a shopper can never make themselves staff.
 *
 * The password comes from ADMIN_PASSWORD or is typed at the terminal (not echoed); it is never taken
 * from the command line (shell history, `ps`) and never printed.
 */
import { resolve } from 'node:path';
import { stdin, stdout } from 'node:process';
import { pathToFileURL } from 'node:url';
import { apiKeys } from './keys.ts';

export interface AdminTarget {
  url: string;
  serviceRoleKey: string;
}

interface AdminUser {
  id: string;
  email?: string;
  app_metadata?: Record<string, unknown>;
}

export class AdminCreateError extends Error {}

const MIN_STAFF_PASSWORD = 8;

async function call(t: AdminTarget, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${t.url}/auth/v1${path}`, {
    method,
    headers: {
      apikey: t.serviceRoleKey,
      Authorization: `Bearer ${t.serviceRoleKey}`,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  const json = text === '' ? null : (JSON.parse(text) as Record<string, unknown>);
  if (!res.ok) {
    const message = (json?.['message'] ?? json?.['msg'] ?? json?.['error_description'] ?? text) as string;
    throw new AdminCreateError(`Auth answered ${res.status}: ${message}`);
  }
  return json;
}

async function findByEmail(t: AdminTarget, email: string): Promise<AdminUser | null> {
  const wanted = email.toLowerCase();
  for (let page = 1; ; page++) {
    const r = (await call(t, 'GET', `/admin/users?page=${page}&per_page=200`)) as { users: AdminUser[] };
    const hit = r.users.find((u) => u.email?.toLowerCase() === wanted);
    if (hit) return hit;
    if (r.users.length < 200) return null;
  }
}

export interface PasswordSource {
  /** given up front (ADMIN_PASSWORD): also resets an existing user's password */
  given?: string;
  /** asked only when a new account needs one */
  ask: () => Promise<string>;
}

/** Create a staff account, or promote an existing user (keeping their password unless one is given). */
export async function createAdmin(
  t: AdminTarget,
  email: string,
  password: PasswordSource,
): Promise<{ created: boolean; id: string }> {
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new AdminCreateError(`Not an email address: ${email}`);
  const strongEnough = (pw: string | undefined) => {
    // staff accounts hold the store's keys: never below ASVS's 8 characters, whatever Auth allows
    if (pw !== undefined && pw.length < MIN_STAFF_PASSWORD) {
      throw new AdminCreateError(`The password must have at least ${MIN_STAFF_PASSWORD} characters.`);
    }
    return pw;
  };
  strongEnough(password.given);
  const existing = await findByEmail(t, email);
  if (existing) {
    const update: Record<string, unknown> = { app_metadata: { ...existing.app_metadata, role: 'admin' } };
    if (password.given) update['password'] = password.given;
    await call(t, 'PUT', `/admin/users/${existing.id}`, update);
    return { created: false, id: existing.id };
  }
  const pw = strongEnough(password.given ?? (await password.ask()));
  if (!pw) throw new AdminCreateError('A password is needed to create the account.');
  const user = (await call(t, 'POST', '/admin/users', {
    email,
    password: pw,
    email_confirm: true,
    app_metadata: { role: 'admin' },
  })) as AdminUser;
  return { created: true, id: user.id };
}

/** Read a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!stdin.isTTY) {
      reject(new AdminCreateError('No terminal to ask for the password: set ADMIN_PASSWORD.'));
      return;
    }
    stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          stdout.write('\n');
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          reject(new AdminCreateError('Cancelled.'));
          return;
        }
        if (ch === '\u007f') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

export function targetFromEnv(env: NodeJS.ProcessEnv = process.env): AdminTarget {
  const url = (env['SUPABASE_URL'] ?? `http://127.0.0.1:${env['SUPABASE_PORT'] ?? '54321'}`).replace(
    /\/$/,
    '',
  );
  const key = env['SUPABASE_SERVICE_ROLE_KEY'];
  if (key) return { url, serviceRoleKey: key };
  const local = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(url);
  if (!local) throw new AdminCreateError('SUPABASE_SERVICE_ROLE_KEY is required for a remote SUPABASE_URL.');
  return { url, serviceRoleKey: apiKeys(env).serviceRoleKey };
}

async function main(argv: string[]): Promise<number> {
  const email = argv[0];
  if (!email || argv.length > 1) {
    console.error('Usage: pnpm admin:create <email>   (password from ADMIN_PASSWORD or typed at the prompt)');
    return 2;
  }
  try {
    const t = targetFromEnv();
    const given = process.env['ADMIN_PASSWORD'] || undefined;
    const ask = async () => {
      const a = await askHidden(`Password for ${email} (at least 8 characters): `);
      const b = await askHidden('Again: ');
      if (a !== b) throw new AdminCreateError('The two passwords differ.');
      return a;
    };
    const r = await createAdmin(t, email, given === undefined ? { ask } : { given, ask });
    console.log(
      r.created
        ? `Created staff account ${email}. Sign in at /admin/login.`
        : `${email} already had an account: it is now a staff (admin) account.`,
    );
    return 0;
  } catch (e) {
    if (e instanceof AdminCreateError) {
      console.error(e.message);
      return 1;
    }
    if (e instanceof TypeError && /fetch failed/.test(e.message)) {
      console.error('Cannot reach Auth: is the store running (npm start)? Or set SUPABASE_URL.');
      return 1;
    }
    throw e;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
