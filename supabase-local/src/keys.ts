/**
 * The JWT secret and API keys, laid out as `supabase start` lays them out, so the apps cannot tell
 * which of the two serves them.
 *
 * Without SUPABASE_JWT_SECRET we use the well-known secret every local Supabase uses, and the anon
 * and service_role keys signed with it reproduce the well-known local keys byte for byte (HS256 is
 * deterministic). They are public knowledge: fine on a laptop, never beyond loopback (server.ts
 * refuses that).
 */
import { createHmac } from 'node:crypto';

export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** The CLI's fixed expiry for the local keys (2032-11-12). */
const LOCAL_KEY_EXP = 1983812996;

/**
 * The CLI's newer-style local keys (`supabase status` prints them); its gateway swaps them for the
 * anon / service_role JWTs before the request reaches the services, and so do we.
 */
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const LOCAL_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

export interface ApiKeys {
  jwtSecret: string;
  /** true when jwtSecret is the well-known local one */
  wellKnownSecret: boolean;
  anonKey: string;
  serviceRoleKey: string;
}

export function apiKeys(env: NodeJS.ProcessEnv = process.env): ApiKeys {
  const custom = env.SUPABASE_JWT_SECRET?.trim();
  if (custom !== undefined && custom !== '' && custom.length < 32) {
    throw new Error('SUPABASE_JWT_SECRET must be at least 32 characters long (as Supabase requires)');
  }
  const jwtSecret = custom || LOCAL_JWT_SECRET;
  return {
    jwtSecret,
    wellKnownSecret: jwtSecret === LOCAL_JWT_SECRET,
    anonKey: signHs256({ iss: 'supabase-demo', role: 'anon', exp: LOCAL_KEY_EXP }, jwtSecret),
    serviceRoleKey: signHs256({ iss: 'supabase-demo', role: 'service_role', exp: LOCAL_KEY_EXP }, jwtSecret),
  };
}

/** A compact HS256 JWT of `payload` (key order kept, header {"alg":"HS256","typ":"JWT"}). */
export function signHs256(payload: Record<string, unknown>, secret: string): string {
  const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');
  const head = `${b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64(JSON.stringify(payload))}`;
  return `${head}.${b64(createHmac('sha256', secret).update(head).digest())}`;
}

/**
 * Swaps the CLI's sb_publishable_/sb_secret_ keys for the JWTs they stand for (else unchanged).
 * Only with the well-known secret: those keys are as public as it is, so with a secret of your own
 * they must not open anything.
 */
export function resolveOpaqueKey(key: string, keys: ApiKeys): string {
  if (!keys.wellKnownSecret) return key;
  if (key === LOCAL_PUBLISHABLE_KEY) return keys.anonKey;
  if (key === LOCAL_SECRET_KEY) return keys.serviceRoleKey;
  return key;
}
