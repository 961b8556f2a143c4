/**
 * POST /auth/v1/invite (GoTrue's invite.go) through auth-js's auth.admin.inviteUserByEmail: the
 * service role only; a new address becomes an unconfirmed user with invited_at and gets the
 * "invite" mail, whose link (GET /verify?type=invite) or token_hash (POST /verify) confirms the
 * address and signs the person in, so they can set a password and sign in with it; an unconfirmed
 * address is invited again; a confirmed one is 422 email_exists.
 */
import { describe, expect, it } from 'vitest';
import {
  adminClient,
  authClient,
  followRedirects,
  forEachAuthServer,
  fragmentParams,
  latestMail,
  mailTo,
  uniqueEmail,
} from '../src/testing/auth-server.ts';

const PASSWORD = 'correct-horse-9';
const APP = 'http://127.0.0.1:3000';

forEachAuthServer('auth: invite', { auth: { email: { enable_confirmations: true } } }, ({ server }) => {
  describe('inviting a new address', () => {
    it('creates an unconfirmed user with invited_at, mails a link that signs them in, then a password works', async () => {
      const email = uniqueEmail('invited');
      const { data, error } = await adminClient(server()).auth.admin.inviteUserByEmail(email, {
        data: { full_name: 'New Staff' },
        redirectTo: `${APP}/admin/set-password`,
      });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({
        email,
        role: 'authenticated',
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: { full_name: 'New Staff' },
      });
      expect(data.user!.invited_at).toBeTruthy();
      expect(data.user!.confirmation_sent_at).toBeTruthy();
      expect(data.user!.email_confirmed_at).toBeUndefined();
      expect(data.user!.identities![0]!.identity_data).toMatchObject({ sub: data.user!.id, email });

      // no password yet: nothing signs in with one
      const early = await authClient(server()).auth.signInWithPassword({ email, password: PASSWORD });
      expect(early.error).not.toBeNull();

      const mail = await latestMail(server(), email, 'invite');
      expect(mail.subject).toBe("You've been invited");
      expect(mail.action_url).toContain('type=invite');
      const back = new URL(
        (await followRedirects(mail.action_url!, { stopAt: (u) => !u.pathname.startsWith('/auth/v1') })).url,
      );
      expect(back.origin + back.pathname).toBe(`${APP}/admin/set-password`);
      const f = fragmentParams(back.toString());
      expect(f.get('type')).toBe('invite');

      const invitee = authClient(server());
      const session = await invitee.auth.setSession({
        access_token: f.get('access_token')!,
        refresh_token: f.get('refresh_token')!,
      });
      expect(session.error).toBeNull();
      expect(session.data.user!.email_confirmed_at).toBeTruthy();
      expect((await invitee.auth.updateUser({ password: PASSWORD })).error).toBeNull();
      const signIn = await authClient(server()).auth.signInWithPassword({ email, password: PASSWORD });
      expect(signIn.error).toBeNull();
      expect(signIn.data.user!.id).toBe(data.user!.id);

      // the link is spent
      const again = await followRedirects(mail.action_url!, {
        stopAt: (u) => !u.pathname.startsWith('/auth/v1'),
      });
      expect(fragmentParams(again.url).get('error_code')).toBe('otp_expired');
    });

    it('the token_hash verifies with POST /verify type=invite (verifyOtp)', async () => {
      const email = uniqueEmail('hash');
      const invited = await adminClient(server()).auth.admin.inviteUserByEmail(email);
      expect(invited.error).toBeNull();
      const mail = await latestMail(server(), email, 'invite');
      const { data, error } = await authClient(server()).auth.verifyOtp({
        type: 'invite',
        token_hash: mail.token_hash!,
      });
      expect(error).toBeNull();
      expect(data.session).toBeTruthy();
      expect(data.user!.id).toBe(invited.data.user!.id);
      expect(data.user!.email_confirmed_at).toBeTruthy();
    });

    it('redirect_to outside the allow-list falls back to site_url', async () => {
      const email = uniqueEmail('elsewhere');
      await adminClient(server()).auth.admin.inviteUserByEmail(email, {
        redirectTo: 'https://attacker.example.net/steal',
      });
      const mail = await latestMail(server(), email, 'invite');
      expect(mail.redirect_to).toBe(APP);
    });
  });

  describe('who and which addresses', () => {
    it('an unconfirmed address is invited again (same user, a new link); a confirmed one is 422 email_exists', async () => {
      const email = uniqueEmail('twice');
      const first = await adminClient(server()).auth.admin.inviteUserByEmail(email);
      const second = await adminClient(server()).auth.admin.inviteUserByEmail(email);
      expect(second.error).toBeNull();
      expect(second.data.user!.id).toBe(first.data.user!.id);
      const mails = (await mailTo(server(), email)).filter((m) => m.kind === 'invite');
      expect(mails).toHaveLength(2);
      // only the newest link works
      const stale = await followRedirects(mails[1]!.action_url!, {
        stopAt: (u) => !u.pathname.startsWith('/auth/v1'),
      });
      expect(fragmentParams(stale.url).get('error_code')).toBe('otp_expired');

      const member = uniqueEmail('member');
      const created = await adminClient(server()).auth.admin.createUser({
        email: member,
        password: PASSWORD,
        email_confirm: true,
      });
      expect(created.error).toBeNull();
      const dup = await adminClient(server()).auth.admin.inviteUserByEmail(member.toUpperCase());
      expect(dup.error).toMatchObject({ status: 422, code: 'email_exists' });
      expect(await mailTo(server(), member)).toHaveLength(0);
    });

    it('refuses anything but the service role, and a malformed address', async () => {
      const email = uniqueEmail('nope');
      const asAnon = await fetch(`${server().url}/auth/v1/invite`, {
        method: 'POST',
        headers: { apikey: server().anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(asAnon.status).toBe(403);
      expect(await asAnon.json()).toMatchObject({ error_code: 'not_admin' });

      const user = uniqueEmail('user');
      const signedUp = authClient(server());
      await adminClient(server()).auth.admin.createUser({
        email: user,
        password: PASSWORD,
        email_confirm: true,
      });
      const { data } = await signedUp.auth.signInWithPassword({ email: user, password: PASSWORD });
      const asUser = await fetch(`${server().url}/auth/v1/invite`, {
        method: 'POST',
        headers: {
          apikey: server().anonKey,
          Authorization: `Bearer ${data.session!.access_token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ email }),
      });
      expect(asUser.status).toBe(403);
      expect(await mailTo(server(), email)).toHaveLength(0);

      const bad = await adminClient(server()).auth.admin.inviteUserByEmail('not-an-address');
      expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
    });
  });
});
