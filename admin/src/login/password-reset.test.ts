import { describe, expect, it, vi } from 'vitest';
import {
  checkNewPassword,
  INVALID_EMAIL,
  LINK_INVALID,
  requestPasswordReset,
  RESET_FAILED,
  RESET_TOO_MANY,
  SET_FAILED,
  setNewPassword,
  setPasswordUrl,
} from '@/login/password-reset';

vi.mock('@/lib/supabase', () => ({ supabase: { auth: {} } }));

type Err = { name?: string; status?: number; code?: string; message: string };

const resetAuth = (error: Err | null, throws = false) => ({
  resetPasswordForEmail: vi.fn(async () => {
    if (throws) throw new TypeError('Failed to fetch');
    return { error };
  }),
});

const updateAuth = (error: Err | null) => ({
  updateUser: vi.fn(async () => ({ error })),
  signOut: vi.fn(async () => ({})),
});

describe('setPasswordUrl', () => {
  it('is /admin/set-password on the page origin', () => {
    expect(setPasswordUrl('http://127.0.0.1:3100', '/admin/')).toBe(
      'http://127.0.0.1:3100/admin/set-password',
    );
  });
});

describe('requestPasswordReset', () => {
  const to = 'http://x.test/admin/set-password';

  it('asks Auth for a recovery mail that comes back to the set-password page', async () => {
    const auth = resetAuth(null);
    expect(await requestPasswordReset('staff@example.com', to, auth)).toEqual({ ok: true });
    expect(auth.resetPasswordForEmail).toHaveBeenCalledWith('staff@example.com', { redirectTo: to });
  });

  it('answers alike when the per-account mail limit shows the address has an account', async () => {
    const auth = resetAuth({ status: 429, code: 'over_email_send_rate_limit', message: 'wait' });
    expect(await requestPasswordReset('staff@example.com', to, auth)).toEqual({ ok: true });
  });

  it('reports what says nothing about the address', async () => {
    const limited = resetAuth({ status: 429, code: 'over_request_rate_limit', message: 'limit' });
    expect(await requestPasswordReset('a@b.in', to, limited)).toEqual({ ok: false, message: RESET_TOO_MANY });
    const down = resetAuth({ status: 500, code: 'unexpected_failure', message: 'boom' });
    expect(await requestPasswordReset('a@b.in', to, down)).toEqual({ ok: false, message: RESET_FAILED });
    expect(await requestPasswordReset('a@b.in', to, resetAuth(null, true))).toEqual({
      ok: false,
      message: RESET_FAILED,
    });
  });

  it('refuses a malformed address without asking Auth', async () => {
    const auth = resetAuth(null);
    expect(await requestPasswordReset('not-an-email', to, auth)).toEqual({
      ok: false,
      message: INVALID_EMAIL,
    });
    expect(auth.resetPasswordForEmail).not.toHaveBeenCalled();
  });
});

describe('checkNewPassword', () => {
  it('needs both fields, 8 to 72 bytes, and the same twice', () => {
    expect(checkNewPassword('', '')).toEqual({
      password: 'Password is required',
      confirm: 'Please confirm your password',
    });
    expect(checkNewPassword('short', 'short').password).toBe('Password must be at least 8 characters');
    expect(checkNewPassword('é'.repeat(40), 'é'.repeat(40)).password).toBe(
      'Password cannot be longer than 72 characters',
    );
    expect(checkNewPassword('long enough', 'long enougH')).toEqual({ confirm: 'Passwords do not match' });
    expect(checkNewPassword('long enough', 'long enough')).toEqual({});
  });
});

describe('setNewPassword', () => {
  it('saves the password and ends the recovery session', async () => {
    const auth = updateAuth(null);
    expect(await setNewPassword('New-pass-2026', auth)).toEqual({ ok: true });
    expect(auth.updateUser).toHaveBeenCalledWith({ password: 'New-pass-2026' });
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
  });

  it("shows Auth's password rules and asks for a new link when the session is gone", async () => {
    const same = updateAuth({
      status: 422,
      code: 'same_password',
      message: 'New password should be different from the old password.',
    });
    expect(await setNewPassword('Old-pass-2026', same)).toEqual({
      ok: false,
      message: 'New password should be different from the old password.',
    });
    expect(same.signOut).not.toHaveBeenCalled();
    const missing = updateAuth({
      name: 'AuthSessionMissingError',
      status: 400,
      message: 'Auth session missing!',
    });
    expect(await setNewPassword('New-pass-2026', missing)).toEqual({ ok: false, message: LINK_INVALID });
    // an old session (secure_password_change) needs a fresh link, which the page offers
    const stale = updateAuth({
      status: 400,
      code: 'reauthentication_needed',
      message: 'Password update requires reauthentication',
    });
    expect(await setNewPassword('New-pass-2026', stale)).toEqual({ ok: false, message: LINK_INVALID });
    const down = updateAuth({ status: 500, message: 'boom' });
    expect(await setNewPassword('New-pass-2026', down)).toEqual({ ok: false, message: SET_FAILED });
  });
});
