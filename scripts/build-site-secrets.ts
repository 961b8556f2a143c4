/**
 * No build output may hold a secret: a browser bundle is public. `pnpm build:site` scans the built
 * site with `findSecrets` and fails on any finding; the unit test and the e2e `prod` project check
 * the scan itself and a real production build.
 *
 * What counts as a secret: a Supabase secret key (sb_secret_…), a JWT whose role is not anon (the
 * service_role key; a user's token), the value of any secret the build's environment holds (the
 * service role key, the JWT secret, Razorpay's key and webhook secrets, SMTP and database passwords)
 * and supabase-local's well-known JWT secret and secret key.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LOCAL_SUPABASE_ANON_KEY } from '../shared/src/config.ts';

export interface SecretFinding {
  file: string;
  what: string;
}

/** Environment variables whose value is a secret whatever its shape. */
export const SECRET_VARIABLES = [
  'SUPABASE_SERVICE_ROLE_KEY',
  'SUPABASE_SECRET_KEY',
  'SERVICE_ROLE_KEY',
  'SUPABASE_JWT_SECRET',
  'JWT_SECRET',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'SMTP_PASS',
  'SMTP_PASSWORD',
  'SUPABASE_DB_PASSWORD',
  'SUPABASE_ACCESS_TOKEN',
];

/** Names that say "secret" for any other variable of the build's environment. */
const SECRET_NAME = /SECRET|SERVICE_ROLE|PASSWORD|PASSWD|PRIVATE_KEY|ACCESS_TOKEN/i;

/** supabase-local's well-known JWT secret (public knowledge, but never for a production bundle). */
const WELL_KNOWN = ['super-secret-jwt-token-with-at-least-32-characters-long'];

const JWT = /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;
const SB_SECRET = /sb_secret_[A-Za-z0-9_-]{8,}/;

/** The secret values of an environment worth looking for (8 characters or more). */
export function secretValues(env: NodeJS.ProcessEnv): { name: string; value: string }[] {
  const out: { name: string; value: string }[] = WELL_KNOWN.map((value) => ({
    name: 'the well-known local JWT secret',
    value,
  }));
  for (const [name, raw] of Object.entries(env)) {
    const value = raw?.trim();
    if (!value || value.length < 8) continue;
    if (SECRET_VARIABLES.includes(name) || (SECRET_NAME.test(name) && !name.startsWith('VITE_'))) {
      out.push({ name, value });
    }
  }
  return out;
}

/** What in `text` is a secret (one finding per kind). */
export function secretsIn(text: string, values: { name: string; value: string }[]): string[] {
  const found: string[] = [];
  if (SB_SECRET.test(text)) found.push('a Supabase secret key (sb_secret_…)');
  for (const m of text.matchAll(JWT)) {
    const role = jwtRole(m[0]);
    if (role !== 'anon') {
      found.push(`a JWT with role ${JSON.stringify(role)} (only the anon key may be public)`);
      break;
    }
  }
  for (const { name, value } of values) if (text.includes(value)) found.push(`the value of ${name}`);
  return found;
}

function jwtRole(token: string): unknown {
  try {
    return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { role?: unknown })
      .role;
  } catch {
    return undefined;
  }
}

/** Every file under `dir` holding a secret (see the module comment). */
export function findSecrets(dir: string, env: NodeJS.ProcessEnv = process.env): SecretFinding[] {
  const values = secretValues(env);
  const findings: SecretFinding[] = [];
  for (const file of filesUnder(dir)) {
    const text = readFileSync(file, 'latin1');
    for (const what of secretsIn(text, values)) findings.push({ file: relative(dir, file), what });
  }
  return findings;
}

/** Left-overs of the local build that must not reach production: the local API and sandbox keys. */
export function localLeftovers(dir: string): SecretFinding[] {
  const marks: [string, string][] = [
    ['127.0.0.1:54321', "supabase-local's API address"],
    ['rzp_test_local', "supabase-local's Razorpay sandbox key id"],
    ['/razorpay/checkout.js', "supabase-local's Razorpay sandbox checkout script"],
    [LOCAL_SUPABASE_ANON_KEY, 'the well-known local anon key'],
  ];
  const findings: SecretFinding[] = [];
  for (const file of filesUnder(dir)) {
    const text = readFileSync(file, 'latin1');
    for (const [mark, what] of marks) {
      if (text.includes(mark)) findings.push({ file: relative(dir, file), what });
    }
  }
  return findings;
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}
