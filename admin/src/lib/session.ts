/**
 * The spec's 8-hour admin session, measured from the sign-in itself: the access token's
 * `amr[0].timestamp` (seconds), which token refreshes keep. The database applies the same limit
 * to writes (private.is_fresh_admin), so this only spares staff a console that can no longer save.
 */
export const ADMIN_SESSION_MS = 8 * 60 * 60 * 1000;

/** The JWT's payload, or null when the token is not a readable JWT. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const json = decodeURIComponent(
      Array.from(atob(padded), (c) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0')).join(''),
    );
    const payload: unknown = JSON.parse(json);
    return payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** When the session was signed in to (ms since the epoch), or null if the token does not say. */
export function signInTime(token: string): number | null {
  const amr = decodeJwtPayload(token)?.['amr'];
  if (!Array.isArray(amr) || amr.length === 0) return null;
  const ts = (amr[0] as { timestamp?: unknown }).timestamp;
  return typeof ts === 'number' && Number.isFinite(ts) ? ts * 1000 : null;
}

/** True when the session is 8 hours old or older (or its sign-in time cannot be read). */
export function isSessionExpired(token: string, now: number = Date.now()): boolean {
  const at = signInTime(token);
  return at === null || now - at >= ADMIN_SESSION_MS;
}

/** The role staff carry in app_metadata (set only with the service role). */
export function roleOf(user: { app_metadata?: unknown } | null | undefined): string | undefined {
  const role = (user?.app_metadata as { role?: unknown } | undefined)?.role;
  return typeof role === 'string' ? role : undefined;
}
