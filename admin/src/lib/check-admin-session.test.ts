import { AuthRetryableFetchError } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The console's session check reads the claims auth.getClaims() verified, never the stored token.
const auth = vi.hoisted(() => ({
  getClaims: vi.fn(),
  getSession: vi.fn(),
  signOut: vi.fn(async () => ({ error: null })),
}));
// staff_access(): the database's answer to "is this session live staff" (null when not).
const rpc = vi.hoisted(() => vi.fn());
vi.mock('@/lib/supabase', () => ({ supabase: { auth, rpc } }));
vi.mock('ra-supabase', () => ({ supabaseDataProvider: () => ({}), supabaseAuthProvider: () => ({}) }));

const { checkAdminSession } = await import('@/lib/providers');
const { ADMIN_SESSION_MS } = await import('@/lib/session');

const now = () => Math.floor(Date.now() / 1000);
const claims = (role: string, signedInAt: number) => ({
  sub: `u-${role}`,
  role: 'authenticated',
  app_metadata: { role },
  amr: [{ method: 'password', timestamp: signedInAt }],
});
const owner = { user_id: 'u-admin', email: 'o@example.in', roles: ['owner'], permissions: ['catalog.write'] };
let sessionUser = 0;
/** A token that says "fresh admin" to anyone who decodes it by hand (its signature is not checked). */
const forged = () => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256' })}.${b64(claims('admin', now()))}.forged`;
};

beforeEach(() => {
  vi.clearAllMocks();
  // a new user id each test: the console reuses staff_access()'s answer for 30 s per user
  sessionUser += 1;
  auth.getSession.mockResolvedValue({
    data: { session: { access_token: forged(), user: { id: `user-${sessionUser}` } } },
    error: null,
  });
  rpc.mockResolvedValue({ data: owner, error: null });
});

describe('checkAdminSession', () => {
  it('opens the console for verified claims of staff signed in under 8 hours ago', async () => {
    auth.getClaims.mockResolvedValue({ data: { claims: claims('admin', now() - 60) }, error: null });
    await expect(checkAdminSession()).resolves.toBeUndefined();
    expect(rpc).toHaveBeenCalledWith('staff_access');
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('signs out a fresh session the database does not know as staff (removed, or never staff)', async () => {
    auth.getClaims.mockResolvedValue({ data: { claims: claims('admin', now() - 60) }, error: null });
    rpc.mockResolvedValue({ data: null, error: null });
    await expect(checkAdminSession()).rejects.toMatchObject({ kind: 'session_expired' });
    expect(auth.signOut).toHaveBeenCalled();
  });

  it('keeps the console when the database cannot be asked (a network failure is not an answer)', async () => {
    auth.getClaims.mockResolvedValue({ data: { claims: claims('admin', now() - 60) }, error: null });
    rpc.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(checkAdminSession()).resolves.toBeUndefined();
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('keeps the console when the claims cannot be verified: the JWKS fetch cut off by a page load', async () => {
    // what getClaims does when its fetch of the signing keys is aborted: it throws, not an AuthError
    auth.getClaims.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(checkAdminSession()).resolves.toBeUndefined();
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('keeps the console when Auth cannot be reached to verify the claims (a retryable failure)', async () => {
    auth.getClaims.mockResolvedValue({ data: null, error: new AuthRetryableFetchError('Bad Gateway', 502) });
    await expect(checkAdminSession()).resolves.toBeUndefined();
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('signs out when the verified sign-in is 8 hours old', async () => {
    const old = now() - ADMIN_SESSION_MS / 1000 - 1;
    auth.getClaims.mockResolvedValue({ data: { claims: claims('admin', old) }, error: null });
    await expect(checkAdminSession()).rejects.toMatchObject({ kind: 'session_expired' });
    expect(auth.signOut).toHaveBeenCalled();
  });

  it('signs out a customer whatever the token’s app_metadata says', async () => {
    auth.getClaims.mockResolvedValue({ data: { claims: claims('admin', now()) }, error: null });
    rpc.mockResolvedValue({ data: null, error: null });
    await expect(checkAdminSession()).rejects.toMatchObject({ kind: 'session_expired' });
  });

  it('does not trust a stored token that fails verification, even one saying fresh admin', async () => {
    auth.getClaims.mockResolvedValue({ data: null, error: new Error('invalid JWT: signature') });
    await expect(checkAdminSession()).rejects.toMatchObject({ kind: 'session_expired' });
    expect(auth.signOut).toHaveBeenCalled();
  });
});
