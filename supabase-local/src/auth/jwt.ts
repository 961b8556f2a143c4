/**
 * JWTs as GoTrue signs and parses them: user access tokens signed with the project's signing key
 * (ES256 with its `kid` in the header, as with the new JWT signing keys; HS256 with the secret in
 * legacy mode), and verification through the one verifier (../jwt/verify.ts) with failures in
 * golang-jwt v5's words, which GoTrue puts in its bad_jwt message ("invalid JWT: unable to parse or
 * verify signature, token has invalid claims: token is expired").
 *
 * As GoTrue's parseJWTClaims: a `kid` of a published key picks that key; otherwise an HS256 token
 * is checked with the secret; any other algorithm without a known kid is "unrecognized JWT kid".
 * The valid methods are HS256 plus the signing key's (GOTRUE_JWT_VALIDMETHODS as the CLI sets it).
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { signHs256, type ApiKeys } from '../keys.ts';
import type { Jwk, SigningKeys } from '../jwt/signing-keys.ts';
import { JwtFailure, projectVerifier, type JwtVerifier } from '../jwt/verify.ts';

export { signHs256 };

/** A token GoTrue refuses, with golang-jwt's reason. */
export class JwtError extends Error {}

export interface AuthJwt {
  /** the algorithm user tokens are signed with */
  readonly alg: string;
  /** what /.well-known/jwks.json publishes: public keys only, never the HS256 secret */
  readonly publicKeys: Jwk[];
  /** a user access token of these claims (GoTrue's AccessTokenClaims order kept) */
  signAccessToken(claims: Record<string, unknown>): Promise<string>;
  /** verified claims, or a JwtError with golang-jwt's reason; `nowSeconds` checks exp and nbf */
  verify(token: string, nowSeconds: number): Promise<Record<string, unknown>>;
  /** Auth's own short-lived HS256 tokens (OAuth state, the provider's code): the secret only */
  verifyInternal(token: string, nowSeconds: number): Promise<Record<string, unknown>>;
}

export function createAuthJwt(keys: Pick<ApiKeys, 'jwtSecret' | 'signingKeys'>): AuthJwt {
  const signing: SigningKeys | null = keys.signingKeys;
  const verifier = projectVerifier(keys.jwtSecret, signing?.publicKeys ?? []);
  const secretOnly = projectVerifier(keys.jwtSecret);
  const validMethods = ['HS256', ...(signing ? [signing.signing.alg] : [])];
  let privateKey: KeyObject | undefined;
  return {
    alg: signing?.signing.alg ?? 'HS256',
    publicKeys: signing?.publicKeys ?? [],
    async signAccessToken(claims) {
      if (!signing) return signHs256(claims, keys.jwtSecret);
      privateKey ??= privateKeyOf(signing.signing);
      // golang-jwt's header, keys sorted as Go marshals a map: alg, kid, typ
      return new SignJWT(claims)
        .setProtectedHeader({ alg: signing.signing.alg, kid: signing.signing.kid, typ: 'JWT' })
        .sign(privateKey);
    },
    verify: (token, nowSeconds) => verifyGoTrue(verifier, token, nowSeconds, validMethods),
    verifyInternal: (token, nowSeconds) => verifyGoTrue(secretOnly, token, nowSeconds),
  };
}

/** A private JWK as a key jose signs with (its key_ops, which WebCrypto would police, left out). */
export function privateKeyOf(jwk: Jwk): KeyObject {
  const { key_ops: _ops, use: _use, ext: _ext, alg: _alg, kid: _kid, ...material } = jwk;
  return createPrivateKey({ key: material as import('node:crypto').JsonWebKey, format: 'jwk' });
}

/** Verification with GoTrue's claim rules and golang-jwt's wording. */
export async function verifyGoTrue(
  verifier: JwtVerifier,
  token: string,
  nowSeconds: number,
  validMethods: string[] = ['HS256'],
): Promise<Record<string, unknown>> {
  let claims: Record<string, unknown>;
  try {
    ({ claims } = await verifier.verify(token, {
      now: nowSeconds,
      clockTolerance: 0,
      algorithms: validMethods,
    }));
  } catch (e) {
    if (e instanceof JwtFailure) throw new JwtError(goTrueWording(e, token, validMethods));
    throw e;
  }
  // GoTrue's AccessTokenClaims: a field of the wrong JSON type fails decoding the whole claim set
  for (const k of ['sub', 'role', 'email', 'phone', 'session_id'] as const) {
    if (claims[k] !== undefined && claims[k] !== null && typeof claims[k] !== 'string') {
      throw new JwtError('token is malformed: could not JSON decode claim');
    }
  }
  return claims;
}

/** golang-jwt v5's error text for a refusal (ParseWithClaims' order: segments, method, key, signature, claims). */
export function goTrueWording(f: JwtFailure, token: string, validMethods: string[]): string {
  const header = f.detail.header ?? {};
  const alg = typeof header.alg === 'string' ? header.alg : '<nil>';
  const kid = typeof header.kid === 'string' ? header.kid : '<nil>';
  switch (f.reason) {
    case 'segments':
      return 'token is malformed: token contains an invalid number of segments';
    case 'header':
      return /^[A-Za-z0-9_-]*={0,2}$/.test(token.split('.')[0] ?? '')
        ? 'token is malformed: could not JSON decode header'
        : 'token is malformed: could not base64 decode header';
    case 'claims':
    case 'claim-type':
    case 'audience':
      return 'token is malformed: could not JSON decode claim';
    case 'algorithm':
    case 'no-key':
      if (alg !== '<nil>' && !validMethods.includes(alg))
        return `token signature is invalid: signing method ${alg} is invalid`;
      return `token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${kid} for algorithm ${alg}`;
    case 'signature':
      return alg.startsWith('ES')
        ? 'token signature is invalid: crypto/ecdsa: verification error'
        : alg.startsWith('RS')
          ? 'token signature is invalid: crypto/rsa: verification error'
          : 'token signature is invalid: signature is invalid';
    case 'expired':
      return 'token has invalid claims: token is expired';
    case 'not-yet-valid':
      return 'token has invalid claims: token is not valid yet';
  }
}
