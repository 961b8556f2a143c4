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
import { ephemeralSigningKeys, readSigningKeys, type Jwk, type SigningKeys } from './jwt/signing-keys.ts';
import { projectVerifier, type JwtVerifier } from './jwt/verify.ts';

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
  /** legacy: an HS256 JWT of role anon (what `supabase status` prints as anon key) */
  anonKey: string;
  /** legacy: an HS256 JWT of role service_role */
  serviceRoleKey: string;
  /** `sb_publishable_…`: not a JWT; the gateway lets it in as anon */
  publishableKey: string;
  /** `sb_secret_…`: not a JWT; the gateway lets it in as service_role */
  secretKey: string;
  /**
   * The asymmetric key Auth signs user JWTs with (ES256 by default), published with the others at
   * /auth/v1/.well-known/jwks.json; null: legacy HS256 signing with jwtSecret
   * (SUPABASE_LOCAL_JWT_ALGORITHM=HS256).
   */
  signingKeys: SigningKeys | null;
}

export interface ApiKeyOptions {
  /**
   * The signing keys (default: from SUPABASE_LOCAL_JWT_ALGORITHM / SUPABASE_SIGNING_KEYS_PATH, else
   * a key generated for this process; the CLI passes the one kept beside the data folder).
   */
  signingKeys?: SigningKeys | null;
  /** `[auth] publishable_key` / `secret_key` of config.toml, as the CLI reads them */
  publishableKey?: string;
  secretKey?: string;
}

export function apiKeys(env: NodeJS.ProcessEnv = process.env, options: ApiKeyOptions = {}): ApiKeys {
  const custom = env.SUPABASE_JWT_SECRET?.trim();
  if (custom !== undefined && custom !== '' && custom.length < 32) {
    throw new Error('SUPABASE_JWT_SECRET must be at least 32 characters long (as Supabase requires)');
  }
  const jwtSecret = custom || LOCAL_JWT_SECRET;
  const wellKnownSecret = jwtSecret === LOCAL_JWT_SECRET;
  const publishableKey = opaqueKey(
    'sb_publishable_',
    env.SUPABASE_PUBLISHABLE_KEY?.trim() || options.publishableKey?.trim(),
    wellKnownSecret ? LOCAL_PUBLISHABLE_KEY : undefined,
    jwtSecret,
  );
  const secretKey = opaqueKey(
    'sb_secret_',
    env.SUPABASE_SECRET_KEY?.trim() || options.secretKey?.trim(),
    wellKnownSecret ? LOCAL_SECRET_KEY : undefined,
    jwtSecret,
  );
  return {
    jwtSecret,
    wellKnownSecret,
    anonKey: signHs256({ iss: 'supabase-demo', role: 'anon', exp: LOCAL_KEY_EXP }, jwtSecret),
    serviceRoleKey: signHs256({ iss: 'supabase-demo', role: 'service_role', exp: LOCAL_KEY_EXP }, jwtSecret),
    publishableKey,
    secretKey,
    signingKeys: options.signingKeys !== undefined ? options.signingKeys : signingKeysFromEnv(env),
  };
}

/**
 * SUPABASE_LOCAL_JWT_ALGORITHM=HS256: legacy signing (null). SUPABASE_SIGNING_KEYS_PATH: that file
 * (the CLI's signing_keys.json format). Else `fallback()` (default: a key for this process only).
 */
export function signingKeysFromEnv(
  env: NodeJS.ProcessEnv,
  fallback: () => SigningKeys = ephemeralSigningKeys,
): SigningKeys | null {
  const alg = env.SUPABASE_LOCAL_JWT_ALGORITHM?.trim().toUpperCase();
  if (alg === 'HS256') return null;
  if (alg && alg !== 'ES256' && alg !== 'RS256') {
    throw new Error(`SUPABASE_LOCAL_JWT_ALGORITHM must be ES256 (default) or HS256 (legacy), not ${alg}`);
  }
  const path = env.SUPABASE_SIGNING_KEYS_PATH?.trim();
  return path ? readSigningKeys(path) : fallback();
}

/** The JWKS Auth publishes: the signing keys' public parts (never the HS256 secret). */
export function publishedJwks(keys: ApiKeys): { keys: Jwk[] } {
  return { keys: keys.signingKeys?.publicKeys ?? [] };
}

/**
 * What PostgREST is given as its JWT secret, as the CLI does (PGRST_JWT_SECRET = the JWKS): the
 * public keys plus the HS256 secret as an `oct` key, so both kinds of token verify.
 */
export function restJwtSecret(keys: ApiKeys): string {
  if (!keys.signingKeys) return keys.jwtSecret;
  const oct = { kty: 'oct', k: Buffer.from(keys.jwtSecret, 'utf8').toString('base64url') };
  return JSON.stringify({ keys: [...keys.signingKeys.publicKeys, oct] });
}

/** The one verifier of the project's tokens (HS256 with the secret, the rest with the JWKS). */
export function projectJwtVerifier(keys: ApiKeys): JwtVerifier {
  return projectVerifier(keys.jwtSecret, keys.signingKeys?.publicKeys ?? []);
}

/**
 * An opaque key: the one configured (it must carry the prefix), else the CLI's fixed local one with
 * the well-known secret, else one derived from the JWT secret (stable across restarts, and no
 * better known than the secret itself).
 */
function opaqueKey(
  prefix: string,
  configured: string | undefined,
  local: string | undefined,
  secret: string,
) {
  if (configured) {
    if (!configured.startsWith(prefix) || configured.length < prefix.length + 16) {
      throw new Error(`A ${prefix}… key must start with ${prefix} and carry at least 16 more characters`);
    }
    return configured;
  }
  if (local) return local;
  const body = createHmac('sha256', secret).update(prefix).digest('base64url').slice(0, 22);
  const check = createHmac('sha256', secret)
    .update(prefix + body)
    .digest('base64url')
    .slice(0, 8);
  return `${prefix}${body}_${check}`;
}

/** A compact HS256 JWT of `payload` (key order kept, header {"alg":"HS256","typ":"JWT"}). */
export function signHs256(payload: Record<string, unknown>, secret: string): string {
  const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');
  const head = `${b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64(JSON.stringify(payload))}`;
  return `${head}.${b64(createHmac('sha256', secret).update(head).digest())}`;
}

/**
 * The legacy JWT an opaque key stands for: the publishable key → the anon key, the secret key →
 * the service_role key (as the CLI's Kong does); undefined for anything else.
 */
export function jwtForOpaqueKey(key: string, keys: ApiKeys): string | undefined {
  if (key === keys.publishableKey) return keys.anonKey;
  if (key === keys.secretKey) return keys.serviceRoleKey;
  return undefined;
}
