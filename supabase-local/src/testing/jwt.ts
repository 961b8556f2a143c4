/**
 * The one way tests mint a JWT: HS256 with a secret (the legacy keys, the same signer supabase-local
 * uses for them: signHs256 in ../keys.ts), or ES256 / RS256 with a signing key (the server's own,
 * `server().signingKeys`, as Auth signs user tokens; or a stranger's, to be refused), the header
 * carrying its `kid`. Claims are signed as given (key order kept).
 */
import { sign } from 'node:crypto';
import { privateKeyOf } from '../auth/jwt.ts';
import type { SigningKeys } from '../jwt/signing-keys.ts';
import { signHs256 } from '../keys.ts';

export interface MintJwtOptions {
  /** seconds from now; sets `exp` (else the claims are signed as given, with or without an exp) */
  expiresIn?: number;
  /** another kid in the header than the key's own (a token that names a key it was not signed with) */
  kid?: string;
}

/**
 * A compact JWT of `claims`: HS256 when `key` is a secret, else signed with the signing key
 * (`{"alg":"ES256","kid":…,"typ":"JWT"}`, as supabase-local's Auth signs user tokens).
 */
export function mintJwt(
  key: string | SigningKeys,
  claims: Record<string, unknown>,
  options: MintJwtOptions = {},
): string {
  const payload =
    options.expiresIn === undefined
      ? claims
      : { ...claims, exp: Math.floor(Date.now() / 1000) + options.expiresIn };
  if (typeof key === 'string') return signHs256(payload, key);
  const { alg, kid } = key.signing;
  const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');
  const head = `${b64(JSON.stringify({ alg, kid: options.kid ?? kid, typ: 'JWT' }))}.${b64(JSON.stringify(payload))}`;
  const signature = sign('sha256', Buffer.from(head), {
    key: privateKeyOf(key.signing),
    ...(alg === 'ES256' ? { dsaEncoding: 'ieee-p1363' as const } : {}),
  });
  return `${head}.${b64(signature)}`;
}
