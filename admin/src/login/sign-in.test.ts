import { describe, expect, it, vi } from 'vitest';
import { INVALID_ADMIN, LOGIN_FAILED, signInAdmin } from '@/login/sign-in';

vi.mock('@/lib/supabase', () => ({ supabase: { auth: {} } }));

function fakeAuth(result: { error?: { status?: number; message: string }; throws?: boolean }) {
  return {
    signOut: vi.fn(async () => ({})),
    signInWithPassword: vi.fn(async () => {
      if (result.throws) throw new TypeError('Failed to fetch');
      return {
        data: { user: result.error ? null : { id: 'u1' } },
        error: result.error ?? null,
      };
    }),
  };
}

describe('signInAdmin', () => {
  it('lets staff in', async () => {
    const staff = vi.fn(async () => true);
    expect(await signInAdmin('a@b.in', 'pw', fakeAuth({}), staff)).toEqual({ ok: true });
    expect(staff).toHaveBeenCalled();
  });

  it('refuses and signs out an account that is not staff', async () => {
    const auth = fakeAuth({});
    expect(await signInAdmin('a@b.in', 'pw', auth, async () => false)).toEqual({
      ok: false,
      message: INVALID_ADMIN,
    });
    expect(auth.signOut).toHaveBeenCalled();
  });

  it('refuses wrong credentials and reports unexpected failures', async () => {
    const wrong = fakeAuth({ error: { status: 400, message: 'Invalid login credentials' } });
    expect(await signInAdmin('a@b.in', 'pw', wrong)).toEqual({ ok: false, message: INVALID_ADMIN });
    const down = fakeAuth({ error: { status: 500, message: 'boom' } });
    expect(await signInAdmin('a@b.in', 'pw', down)).toEqual({ ok: false, message: LOGIN_FAILED });
    expect(await signInAdmin('a@b.in', 'pw', fakeAuth({ throws: true }))).toEqual({
      ok: false,
      message: LOGIN_FAILED,
    });
  });
});
