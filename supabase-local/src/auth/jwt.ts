/**
 * HS256 JWTs as GoTrue signs and parses them (golang-jwt v5): signing with the project secret, and
 * verification that reports failures in golang-jwt's words, which GoTrue puts in its bad_jwt message
 * ("invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired").
 * Only HS256 is accepted, as GoTrue does with an HS256 project secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { signHs256 } from '../keys.ts';

export { signHs256 };

export class JwtError extends Error {}

function decodeJson(segment: string, what: string): Record<string, unknown> {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(segment))
    throw new JwtError(`token is malformed: could not base64 decode ${what}`);
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError(`token is malformed: could not JSON decode ${what}`);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v))
    throw new JwtError(`token is malformed: could not JSON decode ${what}`);
  return v as Record<string, unknown>;
}

/** Verified claims, or a JwtError with golang-jwt's reason. `nowSeconds` checks exp and nbf. */
export function verifyHs256(token: string, secret: string, nowSeconds: number): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3)
    throw new JwtError('token is malformed: token contains an invalid number of segments');
  const header = decodeJson(parts[0]!, 'header');
  const claims = decodeJson(parts[1]!, 'claim');
  if (header.alg !== 'HS256') {
    throw new JwtError(
      `token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${String(header.kid ?? '<nil>')} for algorithm ${String(header.alg ?? '<nil>')}`,
    );
  }
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new JwtError('token signature is invalid: signature is invalid');
  }
  for (const k of ['exp', 'nbf', 'iat'] as const) {
    if (claims[k] !== undefined && typeof claims[k] !== 'number')
      throw new JwtError(`token is malformed: could not JSON decode claim`);
  }
  for (const k of ['sub', 'role', 'email', 'phone', 'session_id'] as const) {
    if (claims[k] !== undefined && claims[k] !== null && typeof claims[k] !== 'string') {
      throw new JwtError('token is malformed: could not JSON decode claim');
    }
  }
  if (typeof claims.exp === 'number' && nowSeconds >= claims.exp)
    throw new JwtError('token has invalid claims: token is expired');
  if (typeof claims.nbf === 'number' && nowSeconds < claims.nbf)
    throw new JwtError('token has invalid claims: token is not valid yet');
  return claims;
}
