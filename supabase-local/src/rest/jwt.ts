/**
 * JWT verification as PostgREST does it: HS256/384/512 with the configured secret (or a JWK / JWK Set
 * for RS*), the exp/nbf/iat/aud claim checks with 30 s of clock skew, and the role taken from
 * jwt-role-claim-key (a small JSPath). Verified tokens are cached until they expire.
 */
import {
  createHmac,
  createPublicKey,
  timingSafeEqual,
  verify as verifySignature,
  type KeyObject,
} from 'node:crypto';
import { err } from './errors.ts';
import type { RestConfig } from './types.ts';

export interface Auth {
  role: string;
  claims: Record<string, unknown>;
  /** a valid JWT was presented (42501 then maps to 403, not 401) */
  authenticated: boolean;
}

type Key = { kind: 'hmac'; secret: Buffer } | { kind: 'public'; keys: KeyObject[] };

const SKEW = 30;

function b64url(s: string): Buffer {
  return Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

export function loadKey(config: RestConfig): Key | null {
  const secret = config.jwtSecret;
  if (secret === null || secret === undefined || secret === '') return null;
  const trimmed = secret.trim();
  if (trimmed.startsWith('{')) {
    const parsed = JSON.parse(trimmed) as { keys?: unknown[] } & Record<string, unknown>;
    const jwks = Array.isArray(parsed.keys) ? parsed.keys : [parsed];
    const keys: KeyObject[] = [];
    for (const jwk of jwks as Record<string, unknown>[]) {
      if (jwk['kty'] === 'oct' && typeof jwk['k'] === 'string')
        return { kind: 'hmac', secret: b64url(jwk['k']) };
      keys.push(createPublicKey({ key: jwk as never, format: 'jwk' }));
    }
    return { kind: 'public', keys };
  }
  return {
    kind: 'hmac',
    secret: config.jwtSecretIsBase64 ? Buffer.from(secret, 'base64') : Buffer.from(secret, 'utf8'),
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
  private readonly key: Key | null;
  private readonly cache = new Map<string, { auth: Auth; exp: number }>();

  constructor(private readonly config: RestConfig) {
    this.key = loadKey(config);
  }

  /** Authorization header value → Auth (throws PostgREST's 401/500 errors). */
  authenticate(authorization: string | undefined): Auth {
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
    if (!this.key) throw err.jwtSecretMissing();
    let header: { alg?: string };
    let claims: Record<string, unknown>;
    try {
      header = JSON.parse(b64url(parts[0]!).toString('utf8')) as { alg?: string };
      if (typeof header !== 'object' || header === null || Array.isArray(header))
        throw new Error('not an object');
    } catch {
      throw err.jwt('JWT cryptographic operation failed');
    }
    this.checkSignature(header.alg ?? '', `${parts[0]}.${parts[1]}`, b64url(parts[2]!));
    try {
      claims = JSON.parse(b64url(parts[1]!).toString('utf8')) as Record<string, unknown>;
      if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) throw new Error('x');
    } catch {
      throw err.jwtClaims('Parsing claims failed');
    }
    const exp = claims['exp'];
    if (exp !== undefined && typeof exp !== 'number')
      throw err.jwtClaims("The JWT 'exp' claim must be a number");
    if (typeof exp === 'number' && now - SKEW > exp) throw err.jwtClaims('JWT expired');
    const nbf = claims['nbf'];
    if (nbf !== undefined && typeof nbf !== 'number')
      throw err.jwtClaims("The JWT 'nbf' claim must be a number");
    if (typeof nbf === 'number' && now + SKEW < nbf) throw err.jwtClaims('JWT not yet valid');
    const iat = claims['iat'];
    if (iat !== undefined && typeof iat !== 'number')
      throw err.jwtClaims("The JWT 'iat' claim must be a number");
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
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(token, { auth, exp: typeof exp === 'number' ? exp + SKEW : now + 60 });
    return auth;
  }

  private checkSignature(alg: string, signingInput: string, signature: Buffer): void {
    const key = this.key!;
    const hmacAlg = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[alg];
    if (key.kind === 'hmac') {
      if (!hmacAlg) throw err.jwt('Wrong or unsupported encoding algorithm');
      const expected = createHmac(hmacAlg, key.secret).update(signingInput).digest();
      if (expected.length !== signature.length || !timingSafeEqual(expected, signature)) {
        throw err.jwt('No suitable key or wrong key type');
      }
      return;
    }
    const rsaAlg = { RS256: 'RSA-SHA256', RS384: 'RSA-SHA384', RS512: 'RSA-SHA512' }[alg];
    if (!rsaAlg) throw err.jwt('Wrong or unsupported encoding algorithm');
    const ok = key.keys.some((k) => {
      try {
        return verifySignature(rsaAlg, Buffer.from(signingInput), k, signature);
      } catch {
        return false;
      }
    });
    if (!ok) throw err.jwt('No suitable key or wrong key type');
  }
}
