import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_MS, decodeJwtPayload, isSessionExpired, roleOf, signInTime } from '@/lib/session';

function token(payload: object): string {
  const b64 = (s: string) => Buffer.from(s).toString('base64url');
  return `${b64('{"alg":"HS256"}')}.${b64(JSON.stringify(payload))}.sig`;
}

describe('admin session age', () => {
  const signedIn = 1_700_000_000;
  const jwt = token({ sub: 'u', amr: [{ method: 'password', timestamp: signedIn }] });

  it('reads the sign-in time from amr[0].timestamp', () => {
    expect(signInTime(jwt)).toBe(signedIn * 1000);
    expect(decodeJwtPayload(jwt)?.['sub']).toBe('u');
  });

  it('is fresh under 8 hours and expired from 8 hours on', () => {
    expect(isSessionExpired(jwt, signedIn * 1000 + ADMIN_SESSION_MS - 1)).toBe(false);
    expect(isSessionExpired(jwt, signedIn * 1000 + ADMIN_SESSION_MS)).toBe(true);
  });

  it('treats a token without amr or an unreadable token as expired', () => {
    expect(isSessionExpired(token({ sub: 'u' }))).toBe(true);
    expect(isSessionExpired('not-a-jwt')).toBe(true);
    expect(decodeJwtPayload('a.%%%.b')).toBeNull();
  });

  it('takes the role only from app_metadata', () => {
    expect(roleOf({ app_metadata: { role: 'admin' } })).toBe('admin');
    expect(roleOf({ app_metadata: {} })).toBeUndefined();
    expect(roleOf(null)).toBeUndefined();
  });
});
