/**
 * `pnpm admin:create <email>`: create a store owner, or make an existing account one — against
 * supabase-local by default, or hosted Supabase given SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.
 * The account is made through Auth's admin API; the owner role is a row of public.staff_members
 * (issue 21), written through REST with the service role (only it and owners can write there), so a
 * shopper can never make themselves staff. Further staff are invited by an owner in the admin.
 *
 * The staff role cannot be taken before it is given: an existing account is promoted only when its
 * address is confirmed (so whoever registered it owns the mailbox), and the staff member always sets
 * a new password — from ADMIN_PASSWORD, typed at the terminal (not echoed), or, when neither is
 * available, through a recovery mail whose link opens the admin's /admin/set-password page. Until
 * then the account has a random password nobody knows, so no earlier password survives, and
 * promoting signs out the account's existing sessions. A password is never taken from the command
 * line (shell history, `ps`) and never printed.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { stdin, stdout } from 'node:process';
import { pathToFileURL } from 'node:url';
import { apiKeys, loadConfig } from 'supabase-local';

export interface AdminTarget {
  url: string;
  serviceRoleKey: string;
}

interface AdminUser {
  id: string;
  email?: string;
  email_confirmed_at?: string | null;
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

/**
 * The account becomes an owner: its staff_members row is inserted, or its roles become ['owner']
 * (PostgREST's upsert, Prefer: resolution=merge-duplicates on the primary key user_id).
 */
async function makeOwner(t: AdminTarget, id: string, email: string): Promise<void> {
  const res = await fetch(`${t.url}/rest/v1/staff_members`, {
    method: 'POST',
    headers: {
      apikey: t.serviceRoleKey,
      Authorization: `Bearer ${t.serviceRoleKey}`,
      'Content-Type': 'application/json',
      Prefer: 'resolution=merge-duplicates,return=minimal',
    },
    body: JSON.stringify({ user_id: id, email, roles: ['owner'], updated_at: new Date().toISOString() }),
  });
  if (!res.ok) throw new AdminCreateError(`The database answered ${res.status}: ${await res.text()}`);
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
  /** given up front (ADMIN_PASSWORD) */
  given?: string;
  /** typed at the terminal; absent when there is none (then a recovery mail is sent) */
  ask?: () => Promise<string>;
  /**
   * Where the recovery mail's link lands: the admin's set-password page
   * (default: config.toml's site_url + /admin/set-password)
   */
  setPasswordUrl?: string;
}

export interface AdminCreated {
  created: boolean;
  id: string;
  /** how the new password is set: given now, or through the mailed link */
  password: 'set' | 'mailed';
}

/** A password nobody knows: the account's until the staff member sets one through the mailed link. */
const unknownPassword = () => `${randomBytes(24).toString('base64url')}aA1!`;

/**
 * Create a staff account, or promote an existing user whose address is confirmed. Either way the
 * password is replaced (and, on an existing account, every session signed out).
 */
export async function createAdmin(
  t: AdminTarget,
  email: string,
  password: PasswordSource,
): Promise<AdminCreated> {
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new AdminCreateError(`Not an email address: ${email}`);
  const strongEnough = (pw: string) => {
    // staff accounts hold the store's keys: never below ASVS's 8 characters, whatever Auth allows
    if (pw.length < MIN_STAFF_PASSWORD) {
      throw new AdminCreateError(`The password must have at least ${MIN_STAFF_PASSWORD} characters.`);
    }
    return pw;
  };
  if (password.given !== undefined) strongEnough(password.given);
  const existing = await findByEmail(t, email);
  if (existing && !existing.email_confirmed_at) {
    throw new AdminCreateError(
      `${email} has an account whose address is not confirmed, so whoever registered it may not own it: ` +
        'it is not made staff. Its owner can confirm it through the mailed link (or you can delete the ' +
        'account), then run admin:create again.',
    );
  }
  const chosen = password.given ?? (password.ask ? strongEnough(await password.ask()) : undefined);
  const newPassword = chosen ?? unknownPassword();
  let id: string;
  if (existing) {
    // a new password ends every session of the account (Auth's UpdatePassword)
    await call(t, 'PUT', `/admin/users/${existing.id}`, { password: newPassword });
    id = existing.id;
  } else {
    const user = (await call(t, 'POST', '/admin/users', {
      email,
      password: newPassword,
      email_confirm: true,
    })) as AdminUser;
    id = user.id;
  }
  await makeOwner(t, id, email.toLowerCase());
  if (chosen === undefined) {
    const redirectTo =
      password.setPasswordUrl ?? `${loadConfig().auth.siteUrl.replace(/\/+$/, '')}/admin/set-password`;
    await call(t, 'POST', `/recover?redirect_to=${encodeURIComponent(redirectTo)}`, { email });
  }
  return { created: !existing, id, password: chosen === undefined ? 'mailed' : 'set' };
}

/** What admin:create prints when it is done. */
export function summary(email: string, r: AdminCreated): string {
  const lines = [
    r.created
      ? `Created the store owner ${email}.`
      : `${email} already had an account: it is now a store owner. Its sessions were signed out ` +
        'and the earlier password no longer works.',
  ];
  lines.push(
    r.password === 'set'
      ? 'Sign in at /admin/login with the new password.'
      : `A link to set the password was mailed to ${email} (on supabase-local: its mailbox, /auth/v1/mailbox); ` +
          'it opens /admin/set-password. Until then nobody knows the password.',
  );
  return lines.join('\n');
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
    console.error(
      'Usage: pnpm admin:create <email>   (password from ADMIN_PASSWORD, typed at the prompt, or set through a mailed link)',
    );
    return 2;
  }
  try {
    const t = targetFromEnv();
    const given = process.env['ADMIN_PASSWORD'] || undefined;
    const ask = async () => {
      const a = await askHidden(`New password for ${email} (at least 8 characters): `);
      const b = await askHidden('Again: ');
      if (a !== b) throw new AdminCreateError('The two passwords differ.');
      return a;
    };
    const siteUrl = process.env['SITE_URL']?.replace(/\/+$/, '');
    const r = await createAdmin(t, email, {
      ...(given !== undefined ? { given } : {}),
      ...(stdin.isTTY ? { ask } : {}),
      ...(siteUrl ? { setPasswordUrl: `${siteUrl}/admin/set-password` } : {}),
    });
    console.log(summary(email, r));
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
