/**
 * The one way tests mint a JWT: HS256 over the claims as given (key order kept), with the same signer
 * supabase-local uses for its own keys (signHs256 in ../keys.ts).
 */
import { signHs256 } from '../keys.ts';

export interface MintJwtOptions {
  /** seconds from now; sets `exp` (else the claims are signed as given, with or without an exp) */
  expiresIn?: number;
}

/** A compact HS256 JWT of `claims` signed with `secret`. */
export function mintJwt(
  secret: string,
  claims: Record<string, unknown>,
  options: MintJwtOptions = {},
): string {
  const payload =
    options.expiresIn === undefined
      ? claims
      : { ...claims, exp: Math.floor(Date.now() / 1000) + options.expiresIn };
  return signHs256(payload, secret);
}
