/**
 * Who is asking: Storage verifies the bearer JWT with the project secret (jose, HS256/384/512) and
 * answers a bad or missing token with AccessDenied carrying jose's message ("Invalid Compact JWS",
 * "signature verification failed", "\"exp\" claim timestamp check failed"). Signed URLs carry their
 * own token, signed with the same secret and scoped to one object and one action.
 */
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { errors } from './errors.ts';

export interface Caller {
  /** the role RLS runs as (the JWT's `role` claim; anon without a token on routes that allow it) */
  role: string;
  claims: Record<string, unknown>;
  /** a valid JWT was presented */
  authenticated: boolean;
  /** the `sub` claim: becomes owner / owner_id of what the caller uploads */
  owner?: string;
}

const ALGORITHMS = ['HS256', 'HS384', 'HS512'];

export class StorageAuth {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  /**
   * The caller of a route that needs a JWT. `allowAnonymous` (downloads and info, where a public
   * bucket needs no token): a missing or invalid token makes an unauthenticated anon caller, as
   * Storage's allowInvalidJwt routes do.
   */
  async caller(authorization: string | undefined, allowAnonymous = false): Promise<Caller> {
    const token = (authorization ?? '').replace(/^bearer\s+/i, '').trim();
    const anonymous: Caller = { role: 'anon', claims: { role: 'anon' }, authenticated: false };
    if (!token && allowAnonymous) return anonymous;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.key, { algorithms: ALGORITHMS }));
    } catch (e) {
      if (allowAnonymous) return anonymous;
      throw errors.accessDenied((e as Error).message || 'Invalid JWT');
    }
    const role = typeof payload.role === 'string' && payload.role !== '' ? payload.role : 'anon';
    return {
      role,
      claims: payload as Record<string, unknown>,
      authenticated: true,
      owner: typeof payload.sub === 'string' ? payload.sub : undefined,
    };
  }

  /** A signed-URL token: `url` is `bucket/key`, `scope` the one action it allows. */
  sign(claims: Record<string, unknown>, expiresInSeconds: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
      .sign(this.key);
  }

  /** Checks a signed-URL token for this object and action (Storage's verifyObjectSignature). */
  async verifySigned(token: string, url: string, scope: 'download' | 'upload'): Promise<JWTPayload> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.key, { algorithms: ALGORITHMS }));
    } catch (e) {
      // Storage wraps jose's message, expiry included ('"exp" claim timestamp check failed')
      throw errors.invalidJwt((e as Error).message);
    }
    if (payload.scope !== scope) throw errors.invalidSignature(`Token is not scoped for ${scope}`);
    if (payload.url !== url) throw errors.invalidSignature();
    if (typeof payload.exp !== 'number' || payload.exp * 1000 < Date.now()) throw errors.expiredSignature();
    return payload;
  }
}

export function isUuid(value: string | undefined): value is string {
  return value !== undefined && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
