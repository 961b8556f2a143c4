/**
 * JWT verification as PostgREST does it, through supabase-local's one verifier (../jwt/verify.ts,
 * jose): HS256/384/512 with the configured secret, RS256… and ES256… with a JWK or JWK Set (as the CLI
 * configures PostgREST: the JWKS of the signing keys plus the secret as an `oct` key, so both legacy
 * HS256 and ES256 user tokens verify); the exp/nbf/iat/aud claim checks with 30 s of clock skew, and
 * the role taken from jwt-role-claim-key (a small JSPath). Refusals are worded as PostgREST words
 * them (PGRST301 / 302 / 303). Verified tokens are cached until they expire.
 */
import { JwtFailure, JwtVerifier as Verifier, type VerifierKeys } from '../jwt/verify.ts';
import type { Jwk } from '../jwt/signing-keys.ts';
import { err } from './errors.ts';
import type { RestConfig } from './types.ts';

export interface Auth {
  role: string;
  claims: Record<string, unknown>;
  /** a valid JWT was presented (42501 then maps to 403, not 401) */
  authenticated: boolean;
}

const SKEW = 30;

function b64url(s: string): Buffer {
  return Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

/** jwt-secret (+ jwt-secret-is-base64) as the verifier's keys; null when none is configured. */
export function loadKey(config: RestConfig): VerifierKeys | null {
  const secret = config.jwtSecret;
  if (secret === null || secret === undefined || secret === '') return null;
  const trimmed = secret.trim();
  if (trimmed.startsWith('{')) {
    const parsed = JSON.parse(trimmed) as { keys?: unknown[] } & Record<string, unknown>;
    const jwks = (Array.isArray(parsed.keys) ? parsed.keys : [parsed]) as Jwk[];
    const oct = jwks.find((k) => k.kty === 'oct' && typeof k['k'] === 'string');
    return {
      secret: oct ? new Uint8Array(b64url(oct['k'] as string)) : null,
      publicKeys: jwks.filter((k) => k.kty !== 'oct'),
    };
  }
  return {
    secret: new Uint8Array(
      config.jwtSecretIsBase64 ? Buffer.from(secret, 'base64') : Buffer.from(secret, 'utf8'),
    ),
  };
}

/** jwt-role-claim-key: `.role`, `$.a.b[1]`, `$["https://x"][0].value`, `[?(@ == "x")]`, `^==`, `==^`, `*==`. */
export function roleFromClaims(claims: unknown, path: string): unknown {
  let p = path.trim();
  if (p.startsWith('$')) p = p.slice(1);
  let values: unknown[] = [claims];
  let i = 0;
  while (i < p.length) {
    if (p[i] === '.') {
      const m = /^\.([^.[\]]+)/.exec(p.slice(i));
      if (!m) return undefined;
      values = values.map((v) =>
        v && typeof v === 'object' ? (v as Record<string, unknown>)[m[1]!] : undefined,
      );
      i += m[0].length;
    } else if (p[i] === '[') {
      const rest = p.slice(i);
      let m = /^\[\s*"((?:[^"\\]|\\.)*)"\s*\]/.exec(rest);
      if (m) {
        const key = m[1]!.replace(/\\(.)/g, '$1');
        values = values.map((v) =>
          v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined,
        );
        i += m[0].length;
        continue;
      }
      m = /^\[\s*(-?\d+)\s*\]/.exec(rest);
      if (m) {
        const n = Number(m[1]);
        values = values.map((v) => (Array.isArray(v) ? v[n < 0 ? v.length + n : n] : undefined));
        i += m[0].length;
        continue;
      }
      m = /^\[\?\(\s*@\s*(==|!=|\^==|==\^|\*==)\s*"((?:[^"\\]|\\.)*)"\s*\)\]/.exec(rest);
      if (m) {
        const [, op, lit] = m;
        const test = (x: unknown) => {
          if (typeof x !== 'string') return false;
          switch (op) {
            case '==':
              return x === lit;
            case '!=':
              return x !== lit;
            case '^==':
              return x.startsWith(lit!);
            case '==^':
              return x.endsWith(lit!);
            default:
              return x.includes(lit!);
          }
        };
        values = values.flatMap((v) => (Array.isArray(v) ? v.filter(test) : []));
        i += m[0].length;
        continue;
      }
      return undefined;
    } else return undefined;
  }
  return values.find((v) => v !== undefined);
}

export class JwtVerifier {
  private readonly verifier: Verifier | null;
  private readonly cache = new Map<string, { auth: Auth; exp: number }>();

  constructor(private readonly config: RestConfig) {
    const keys = loadKey(config);
    this.verifier = keys ? new Verifier(keys) : null;
  }

  /** Authorization header value → Auth (throws PostgREST's 401/500 errors). */
  async authenticate(authorization: string | undefined): Promise<Auth> {
    const anon = this.config.dbAnonRole ?? null;
    if (authorization === undefined || !/^bearer\b/i.test(authorization.trim())) {
      if (anon === null) throw err.anonDisabled();
      return { role: anon, claims: { role: anon }, authenticated: false };
    }
    const token = authorization.trim().slice(6).trim();
    const now = Math.floor(Date.now() / 1000);
    const hit = this.cache.get(token);
    if (hit && hit.exp > now) return hit.auth;
    if (token === '') throw err.jwt('Empty JWT is sent in Authorization header');
    const parts = token.split('.');
    if (parts.length !== 3) throw err.jwt(`Expected 3 parts in JWT; got ${parts.length}`);
    if (!this.verifier) throw err.jwtSecretMissing();
    let claims: Record<string, unknown>;
    try {
      ({ claims } = await this.verifier.verify(token, { now, clockTolerance: SKEW }));
    } catch (e) {
      throw postgrestError(e);
    }
    const iat = claims['iat'];
    if (typeof iat === 'number' && now + SKEW < iat) throw err.jwtClaims('JWT issued at future');
    const aud = claims['aud'];
    if (aud !== undefined) {
      const list = Array.isArray(aud) ? aud : [aud];
      if (typeof aud !== 'string' && !(Array.isArray(aud) && aud.every((a) => typeof a === 'string'))) {
        throw err.jwtClaims("The JWT 'aud' claim must be a string or an array of strings");
      }
      const want = this.config.jwtAud;
      if (want && !list.includes(want)) throw err.jwtClaims('JWT not in audience');
    }
    const roleValue = roleFromClaims(claims, this.config.jwtRoleClaimKey ?? '.role');
    let role: string;
    if (typeof roleValue === 'string' && roleValue !== '') role = roleValue;
    else if (anon !== null) role = anon;
    else throw err.anonDisabled();
    // PostgREST counts a request as authenticated only when its role is not the anonymous one
    const auth: Auth = { role, claims, authenticated: role !== anon };
    const exp = claims['exp'];
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(token, { auth, exp: typeof exp === 'number' ? exp + SKEW : now + 60 });
    return auth;
  }
}

/** The one verifier's refusal in PostgREST's words (PGRST301 for the token, PGRST303 for its claims). */
function postgrestError(e: unknown): Error {
  if (!(e instanceof JwtFailure)) return e as Error;
  switch (e.reason) {
    case 'segments':
      return err.jwt(`Expected 3 parts in JWT; got ${e.detail.segments ?? 0}`);
    case 'header':
      return err.jwt('JWT cryptographic operation failed');
    case 'algorithm':
      return err.jwt('Wrong or unsupported encoding algorithm');
    case 'no-key':
    case 'signature':
      return err.jwt('No suitable key or wrong key type');
    case 'claims':
      return err.jwtClaims('Parsing claims failed');
    case 'claim-type':
      return err.jwtClaims(`The JWT '${e.detail.claim ?? 'exp'}' claim must be a number`);
    case 'expired':
      return err.jwtClaims('JWT expired');
    case 'not-yet-valid':
      return err.jwtClaims('JWT not yet valid');
    case 'audience':
      return err.jwtClaims('JWT not in audience');
  }
}
