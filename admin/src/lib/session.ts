/**
 * The spec's 8-hour admin session, measured from the sign-in itself: the access token's
 * `amr[0].timestamp` (seconds), which token refreshes keep. The database applies the same limit
 * to writes (private.is_fresh_admin), so this only spares staff a console that can no longer save.
 *
 * The claims come from `supabase.auth.getClaims()`, which verifies the token first (against the
 * project's JWKS for ES256 keys, through Auth for legacy HS256 ones): nothing here decodes a token
 * by hand, so a token edited in local storage cannot pass for a fresh admin session.
 */
export const ADMIN_SESSION_MS = 8 * 60 * 60 * 1000;

/** The verified claims this module reads (a subset of auth-js's JwtPayload). */
export interface SessionClaims {
  amr?: unknown;
}

/** When the session was signed in to (ms since the epoch), or null if the claims do not say. */
export function signInTime(claims: SessionClaims): number | null {
  const amr = claims.amr;
  if (!Array.isArray(amr) || amr.length === 0) return null;
  const ts = (amr[0] as { timestamp?: unknown }).timestamp;
  return typeof ts === 'number' && Number.isFinite(ts) ? ts * 1000 : null;
}

/** True when the session is 8 hours old or older (or its sign-in time cannot be read). */
export function isSessionExpired(claims: SessionClaims, now: number = Date.now()): boolean {
  const at = signInTime(claims);
  return at === null || now - at >= ADMIN_SESSION_MS;
}
