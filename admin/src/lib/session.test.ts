import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_MS, isSessionExpired, signInTime } from '@/lib/session';

describe('admin session age (from verified claims)', () => {
  const signedIn = 1_700_000_000;
  const claims = { sub: 'u', amr: [{ method: 'password', timestamp: signedIn }] };

  it('reads the sign-in time from amr[0].timestamp', () => {
    expect(signInTime(claims)).toBe(signedIn * 1000);
  });

  it('is fresh under 8 hours and expired from 8 hours on', () => {
    expect(isSessionExpired(claims, signedIn * 1000 + ADMIN_SESSION_MS - 1)).toBe(false);
    expect(isSessionExpired(claims, signedIn * 1000 + ADMIN_SESSION_MS)).toBe(true);
  });

  it('treats claims without a readable amr as expired', () => {
    expect(isSessionExpired({})).toBe(true);
    expect(isSessionExpired({ amr: [] })).toBe(true);
    expect(isSessionExpired({ amr: [{ timestamp: 'yesterday' }] })).toBe(true);
  });
});
