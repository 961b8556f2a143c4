/**
 * secure_password_change ([auth.email], GoTrue's UpdatePasswordRequireReauthentication): a password
 * change from a session that started more than 24 hours ago needs the nonce GET /reauthenticate
 * mails (auth-js: `auth.reauthenticate()` then `auth.updateUser({ password, nonce })`); a fresh
 * sign-in, or the session a recovery link opens, does not. Over HTTP with supabase-js.
 */
import { expect, it } from 'vitest';
import {
  authClient,
  forEachAuthServer,
  latestMail,
  mailTo,
  uniqueEmail,
} from '../src/testing/auth-server.ts';
import type { TestServer } from '../src/testing/test-server.ts';

const PASSWORD = 'correct-horse-9';
const DAY = 24 * 3600;

async function signedIn(s: TestServer, email = uniqueEmail('reauth')) {
  await authClient(s).auth.signUp({ email, password: PASSWORD });
  const client = authClient(s);
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  return { client, email };
}

forEachAuthServer(
  'auth: password change needs reauthentication (secure_password_change)',
  { auth: { email: { secure_password_change: true } } },
  ({ server, clock }) => {
    it('a session of the last 24 hours changes the password without a nonce', async () => {
      const { client, email } = await signedIn(server());
      const { error } = await client.auth.updateUser({ password: 'fresh-horse-10' });
      expect(error).toBeNull();
      const again = await authClient(server()).auth.signInWithPassword({ email, password: 'fresh-horse-10' });
      expect(again.error).toBeNull();
    });

    it('an older session needs the mailed nonce: reauthentication_needed, then _not_valid, then it works once', async () => {
      const s = server();
      const { client, email } = await signedIn(s);
      clock.advance(DAY + 60);
      expect((await client.auth.refreshSession()).error).toBeNull(); // the same session, a new access token

      const bare = await client.auth.updateUser({ password: 'new-horse-11' });
      expect(bare.error).toMatchObject({
        status: 400,
        code: 'reauthentication_needed',
        message: 'Password update requires reauthentication',
      });
      const wrong = await client.auth.updateUser({ password: 'new-horse-11', nonce: '000000' });
      expect(wrong.error).toMatchObject({
        status: 422,
        code: 'reauthentication_not_valid',
        message: 'Nonce has expired or is invalid',
      });

      const sent = await client.auth.reauthenticate();
      expect(sent.error).toBeNull();
      const mail = await latestMail(s, email, 'reauthentication');
      expect(mail.subject).toBe('Confirm reauthentication');
      expect(mail.action_url).toBeNull();
      expect(mail.otp).toMatch(/^\d{6}$/);
      expect(mail.text).toContain(`Enter the code: ${mail.otp}`);

      const ok = await client.auth.updateUser({ password: 'new-horse-11', nonce: mail.otp! });
      expect(ok.error).toBeNull();
      expect(
        (await authClient(s).auth.signInWithPassword({ email, password: 'new-horse-11' })).error,
      ).toBeNull();
      expect(
        (await authClient(s).auth.signInWithPassword({ email, password: PASSWORD })).error,
      ).toMatchObject({
        code: 'invalid_credentials',
      });

      // a nonce is spent once used
      const reused = await client.auth.updateUser({ password: 'other-horse-12', nonce: mail.otp! });
      expect(reused.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    });

    it('a nonce older than otp_expiry is refused; reauthenticate is rate limited by max_frequency', async () => {
      const s = server();
      const { client, email } = await signedIn(s);
      clock.advance(DAY + 60);
      await client.auth.refreshSession();
      expect((await client.auth.reauthenticate()).error).toBeNull();
      const tooSoon = await client.auth.reauthenticate();
      expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
      expect((await mailTo(s, email)).filter((m) => m.kind === 'reauthentication')).toHaveLength(1);
      const { otp } = await latestMail(s, email, 'reauthentication');
      clock.advance(3600 + 1);
      await client.auth.refreshSession();
      const late = await client.auth.updateUser({ password: 'late-horse-13', nonce: otp! });
      expect(late.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    });

    it('the session a recovery link opens counts as recent: no nonce needed', async () => {
      const s = server();
      const { client, email } = await signedIn(s);
      clock.advance(DAY + 60);
      await client.auth.refreshSession();
      await authClient(s).auth.resetPasswordForEmail(email);
      const mail = await latestMail(s, email, 'recovery');
      const recovering = authClient(s);
      const verified = await recovering.auth.verifyOtp({ email, token: mail.otp!, type: 'recovery' });
      expect(verified.error).toBeNull();
      expect((await recovering.auth.updateUser({ password: 'reset-horse-14' })).error).toBeNull();
      expect(
        (await authClient(s).auth.signInWithPassword({ email, password: 'reset-horse-14' })).error,
      ).toBeNull();
    });

    it('reauthenticate needs a signed-in user (the anon key has no user)', async () => {
      const r = await fetch(`${server().url}/auth/v1/reauthenticate`, {
        headers: { apikey: server().anonKey, 'X-Supabase-Api-Version': '2024-01-01' },
      });
      expect(r.status).toBe(403);
      expect(await r.json()).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
    });
  },
);

forEachAuthServer('auth: password change without secure_password_change', {}, ({ server, clock }) => {
  it('an old session changes the password without a nonce', async () => {
    const { client } = await signedIn(server());
    clock.advance(DAY + 60);
    await client.auth.refreshSession();
    expect((await client.auth.updateUser({ password: 'plain-horse-15' })).error).toBeNull();
  });
});
