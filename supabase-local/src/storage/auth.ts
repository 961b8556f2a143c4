/**
 * Who is asking: Storage verifies the bearer JWT with the project's keys (the one verifier,
 * ../jwt/verify.ts: the HS256 secret, and the JWKS for ES256 user tokens) and answers a bad or
 * missing token with AccessDenied carrying jose's message ("Invalid Compact JWS", "signature
 * verification failed", "\"exp\" claim timestamp check failed"), as Storage (which verifies with
 * jose) does. Signed URLs carry their own token, signed with the secret (HS256) and scoped to one
 * object and one action.
 */
import { SignJWT, type JWTPayload } from 'jose';
import { JwtFailure, type JwtVerifier } from '../jwt/verify.ts';
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

/** Storage's jose message for a refusal of the one verifier. */
function joseMessage(e: unknown): string {
  if (e instanceof JwtFailure) return e.message || 'Invalid JWT';
  throw e;
}

export class StorageAuth {
  private readonly key: Uint8Array;

  /** `secret` signs signed-URL tokens; `verifier` checks every token (the project's keys). */
  constructor(
    secret: string,
    private readonly verifier: JwtVerifier,
  ) {
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
      payload = (await this.verifier.verify(token)).claims;
    } catch (e) {
      const message = joseMessage(e);
      if (allowAnonymous) return anonymous;
      throw errors.accessDenied(message);
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
      payload = (await this.verifier.verify(token, { algorithms: ['HS256'] })).claims;
    } catch (e) {
      // Storage wraps jose's message, expiry included ('"exp" claim timestamp check failed')
      throw errors.invalidJwt(joseMessage(e));
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
