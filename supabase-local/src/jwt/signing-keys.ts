/**
 * The asymmetric key Auth signs user JWTs with, and the public JWKS it publishes, as a hosted project
 * with the new JWT signing keys has them (and as `supabase start` does with `[auth]
 * signing_keys_path`):
 *
 * - the key file is the CLI's `signing_keys.json` format (`supabase gen signing-key`): a JSON array
 *   of private JWKs (EC P-256 for ES256, or RSA for RS256) with `kid`, `alg`, `use: "sig"`,
 *   `key_ops`. The key whose `key_ops` has "sign" signs (else the first); every key is published, so
 *   tokens signed by a rotated-out key still verify while it is listed.
 * - the published set (GoTrue's WellKnownJwks) has the public parts only, with `use: "sig"` and
 *   `key_ops: ["verify"]`; the HS256 secret is never in it.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type SigningAlgorithm = 'ES256' | 'RS256';

/** A JWK as JSON (private or public). */
export interface Jwk {
  kty: string;
  kid?: string;
  alg?: string;
  use?: string;
  key_ops?: string[];
  ext?: boolean;
  crv?: string;
  x?: string;
  y?: string;
  n?: string;
  e?: string;
  d?: string;
  [member: string]: unknown;
}

export interface SigningKeys {
  /** the private JWK user JWTs are signed with (its `kid` goes in their header) */
  signing: Jwk & { kid: string; alg: SigningAlgorithm };
  /** every key's public part, as /auth/v1/.well-known/jwks.json serves them */
  publicKeys: Jwk[];
  /** where the keys came from (for the start-up banner) */
  source: string;
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/** A new ES256 key in the CLI's format (what `supabase gen signing-key --algorithm ES256` writes). */
export function generateSigningJwk(): Jwk & { kid: string; alg: 'ES256' } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  return {
    kty: 'EC',
    kid: randomUUID(),
    use: 'sig',
    key_ops: ['sign', 'verify'],
    alg: 'ES256',
    ext: true,
    crv: 'P-256',
    x: jwk.x!,
    y: jwk.y!,
    d: jwk.d!,
  };
}

/** The public part of a key, as GoTrue publishes it (use "sig", key_ops ["verify"]). */
export function publicJwk(key: Jwk): Jwk {
  const out: Jwk = { kty: key.kty };
  for (const [k, v] of Object.entries(key)) {
    if (!PRIVATE_MEMBERS.includes(k) && k !== 'key_ops' && v !== undefined) out[k] = v;
  }
  out.use = 'sig';
  out.key_ops = ['verify'];
  return out;
}

/** Checks a key file's content and picks the signing key. */
export function signingKeysFrom(keys: unknown, source: string): SigningKeys {
  const list = Array.isArray(keys) ? keys : [keys];
  if (list.length === 0) throw new Error(`${source}: no signing key in the file`);
  for (const k of list as Jwk[]) {
    if (!k || typeof k !== 'object' || typeof k.kty !== 'string')
      throw new Error(`${source}: every entry must be a JWK object`);
    if (k.kty === 'oct') throw new Error(`${source}: symmetric keys cannot be published; use EC or RSA`);
    if (typeof k.d !== 'string') throw new Error(`${source}: key ${k.kid ?? '(no kid)'} has no private part`);
    const alg = k.alg ?? (k.kty === 'EC' ? 'ES256' : 'RS256');
    if (!(alg === 'ES256' && k.kty === 'EC' && k.crv === 'P-256') && !(alg === 'RS256' && k.kty === 'RSA')) {
      throw new Error(`${source}: key ${k.kid ?? '(no kid)'} must be ES256 (EC P-256) or RS256 (RSA)`);
    }
    if (typeof k.kid !== 'string' || k.kid === '')
      throw new Error(`${source}: every key needs a kid (supabase gen signing-key sets one)`);
  }
  const all = list as (Jwk & { kid: string })[];
  const signing = all.find((k) => k.key_ops?.includes('sign')) ?? all[0]!;
  return {
    signing: {
      ...signing,
      alg: (signing.alg ?? (signing.kty === 'EC' ? 'ES256' : 'RS256')) as SigningAlgorithm,
    },
    publicKeys: all.map(publicJwk),
    source,
  };
}

/** Reads a signing_keys.json (an array of private JWKs, or one JWK). */
export function readSigningKeys(path: string): SigningKeys {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`${path}: ${(e as Error).message}`, { cause: e });
  }
  return signingKeysFrom(parsed, path);
}

/**
 * The key kept in `path`: read when the file exists, else generated and written there (mode 0600),
 * so a data folder keeps its key across restarts and the sessions it issued stay valid.
 */
export function keptSigningKeys(path: string): SigningKeys {
  if (existsSync(path)) return readSigningKeys(path);
  const key = generateSigningJwk();
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify([key], null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return signingKeysFrom([key], path);
}

/** A key that lives as long as the process (tests, `memory://` data). */
export function ephemeralSigningKeys(): SigningKeys {
  return signingKeysFrom([generateSigningJwk()], 'generated for this process');
}
