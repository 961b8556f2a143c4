/**
 * Auth flows that go through mail, with confirmations on: sign-up confirmation, resend, password
 * recovery, email change (both addresses confirm), magic link and one-time code, PKCE versions of
 * the links, expired and reused links, redirect_to allow-list, and no account enumeration. Links
 * are taken from the local mailbox (GET /auth/v1/mailbox/messages.json) and followed over HTTP.
 */
import { request as httpRequest } from 'node:http';
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  authClient,
  followRedirects,
  forEachAuthServer,
  fragmentParams,
  latestMail,
  mailTo,
  uniqueEmail,
} from '../src/testing/auth-server.ts';
import type { TestServer } from '../src/testing/test-server.ts';

const PASSWORD = 'correct-horse-9';
const APP = 'http://127.0.0.1:3000';
const leavesAuth = (u: URL) => !u.pathname.startsWith('/auth/v1');

/** Follows a mailed link to where it sends the browser back to the app. */
async function openLink(url: string): Promise<URL> {
  const r = await followRedirects(url, { stopAt: leavesAuth });
  return new URL(r.url);
}

async function signUpConfirmed(s: TestServer, email = uniqueEmail('mail')) {
  await authClient(s).auth.signUp({ email, password: PASSWORD });
  const mail = await latestMail(s, email, 'signup');
  await openLink(mail.action_url!);
  return email;
}

forEachAuthServer(
  'auth: mail flows',
  { auth: { email: { enable_confirmations: true } } },
  ({ server, clock }) => {
    describe('sign-up confirmation', () => {
      it('answers without a session, mails a link, and the link signs the user in', async () => {
        const email = uniqueEmail('confirm');
        const supabase = authClient(server());
        const { data, error } = await supabase.auth.signUp({
          email,
          password: PASSWORD,
          options: { emailRedirectTo: `${APP}/welcome` },
        });
        expect(error).toBeNull();
        expect(data.session).toBeNull();
        expect(data.user).toMatchObject({ email, role: 'authenticated' });
        expect(data.user!.email_confirmed_at).toBeUndefined();
        expect(data.user!.confirmation_sent_at).toBeTruthy();

        const early = await authClient(server()).auth.signInWithPassword({ email, password: PASSWORD });
        expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

        const mail = await latestMail(server(), email, 'signup');
        expect(mail.subject).toBe('Confirm your email address');
        expect(mail.otp).toMatch(/^\d{6}$/);
        expect(mail.action_url).toContain('/auth/v1/verify?token=');
        expect(mail.action_url).toContain('type=signup');

        const back = await openLink(mail.action_url!);
        expect(back.origin + back.pathname).toBe(`${APP}/welcome`);
        const f = fragmentParams(back.toString());
        expect(f.get('type')).toBe('signup');
        expect(f.get('token_type')).toBe('bearer');
        const session = await authClient(server()).auth.setSession({
          access_token: f.get('access_token')!,
          refresh_token: f.get('refresh_token')!,
        });
        expect(session.error).toBeNull();
        expect(session.data.user!.email_confirmed_at).toBeTruthy();
        expect(session.data.user!.identities![0]!.identity_data).toMatchObject({ email_verified: true });

        const again = await openLink(mail.action_url!);
        expect(fragmentParams(again.toString()).get('error_code')).toBe('otp_expired');
        expect(
          (await authClient(server()).auth.signInWithPassword({ email, password: PASSWORD })).error,
        ).toBeNull();
      });

      it('a repeated sign-up of a confirmed address looks like a first one: made-up user, no session, no mail', async () => {
        const email = await signUpConfirmed(server());
        const before = (await mailTo(server(), email)).length;
        const { rows: real } = await server().db.query<{ id: string }>(
          'select id::text from auth.users where email = $1',
          [email],
        );
        const { data, error } = await authClient(server()).auth.signUp({
          email,
          password: 'some-other-pass-1',
        });
        expect(error).toBeNull();
        expect(data.session).toBeNull();
        expect(data.user!.email).toBe(email);
        expect(data.user!.id).not.toBe(real[0]!.id);
        expect(data.user!.identities).toEqual([]);
        expect((await mailTo(server(), email)).length).toBe(before);
        expect(
          (await authClient(server()).auth.signInWithPassword({ email, password: 'some-other-pass-1' }))
            .error,
        ).toMatchObject({ code: 'invalid_credentials' });
      });

      it('a repeated sign-up of an unconfirmed address mails again (max_frequency apart) and keeps the first password', async () => {
        const email = uniqueEmail('twice');
        await authClient(server()).auth.signUp({ email, password: PASSWORD });
        const tooSoon = await authClient(server()).auth.signUp({ email, password: PASSWORD });
        expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
        clock.advance(2);
        const { error } = await authClient(server()).auth.signUp({ email, password: 'changed-pass-22' });
        expect(error).toBeNull();
        const mails = await mailTo(server(), email);
        expect(mails.filter((m) => m.kind === 'signup')).toHaveLength(2);
        await openLink(mails[0]!.action_url!);
        expect(
          (await authClient(server()).auth.signInWithPassword({ email, password: PASSWORD })).error,
        ).toBeNull();
      });

      it('resend mails the confirmation again; unknown addresses get the same answer and no mail', async () => {
        const email = uniqueEmail('resend');
        await authClient(server()).auth.signUp({ email, password: PASSWORD });
        clock.advance(2);
        const { error } = await authClient(server()).auth.resend({ type: 'signup', email });
        expect(error).toBeNull();
        expect((await mailTo(server(), email)).filter((m) => m.kind === 'signup')).toHaveLength(2);
        const nobody = uniqueEmail('nobody');
        const unknown = await authClient(server()).auth.resend({ type: 'signup', email: nobody });
        expect(unknown.error).toBeNull();
        expect(await mailTo(server(), nobody)).toHaveLength(0);
      });

      it('an expired link sends the browser back with otp_expired', async () => {
        const email = uniqueEmail('late');
        await authClient(server()).auth.signUp({ email, password: PASSWORD });
        const mail = await latestMail(server(), email, 'signup');
        clock.advance(3601);
        const back = await openLink(mail.action_url!);
        const f = fragmentParams(back.toString());
        expect(f.get('error')).toBe('access_denied');
        expect(f.get('error_code')).toBe('otp_expired');
        expect(f.get('error_description')).toBe('Email link is invalid or has expired');
      });
    });

    describe('redirect_to', () => {
      it('keeps allowed targets (site_url, loopback, allow-list globs) and replaces others with site_url', async () => {
        const cases: [string, string][] = [
          [`${APP}/account`, `${APP}/account`],
          ['http://127.0.0.1:5173/cb', 'http://127.0.0.1:5173/cb'],
          ['http://localhost:3000', 'http://localhost:3000'],
          ['http://localhost:5173/cb', APP],
          ['https://store.example.com/auth/callback', 'https://store.example.com/auth/callback'],
          ['https://evil.example.net/steal', APP],
          ['javascript:alert(1)', APP],
        ];
        for (const [asked, expected] of cases) {
          const email = uniqueEmail('redirect');
          await authClient(server()).auth.signUp({
            email,
            password: PASSWORD,
            options: { emailRedirectTo: asked },
          });
          const mail = await latestMail(server(), email, 'signup');
          expect(mail.redirect_to, asked).toBe(expected);
        }
      });
    });

    describe('the host in mail links', () => {
      /** POST /recover with chosen Host / X-Forwarded-Host headers (fetch cannot set Host). */
      function recoverWith(url: string, email: string, headers: Record<string, string>): Promise<number> {
        const u = new URL(`${url}/auth/v1/recover`);
        const body = JSON.stringify({ email });
        return new Promise((resolve, reject) => {
          const req = httpRequest(
            {
              host: u.hostname,
              port: u.port,
              path: u.pathname,
              method: 'POST',
              headers: {
                apikey: server().anonKey,
                'Content-Type': 'application/json',
                'Content-Length': Buffer.byteLength(body),
                ...headers,
              },
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          );
          req.on('error', reject);
          req.end(body);
        });
      }

      it("are built from the server's own URL, never from the request's Host or X-Forwarded-Host", async () => {
        const s = server();
        const email = await signUpConfirmed(s, uniqueEmail('host'));
        const port = new URL(s.url).port;
        // a loopback name the server accepts, with a forwarded host an attacker chose
        const status = await recoverWith(s.url, email, {
          Host: `localhost:${port}`,
          'X-Forwarded-Host': 'evil.example.net',
          'X-Forwarded-Proto': 'https',
        });
        expect(status).toBe(200);
        const mail = await latestMail(s, email, 'recovery');
        expect(mail.action_url!.startsWith(`${s.url}/auth/v1/verify?`)).toBe(true);
        // a foreign Host is refused by the gateway or, if answered, still gets the server's URL
        clock.advance(2);
        const evil = await recoverWith(s.url, email, { Host: `evil.example.net:${port}` });
        const links = (await mailTo(s, email)).map((m) => m.action_url ?? '');
        if (evil === 200) expect(links[0]!.startsWith(`${s.url}/auth/v1/verify?`)).toBe(true);
        else expect(evil).toBeGreaterThanOrEqual(400);
        expect(links.some((l) => l.includes('evil.example.net') || l.includes('localhost'))).toBe(false);
      });
    });

    describe('password recovery', () => {
      it('mails a reset link; the link signs in for PASSWORD_RECOVERY and the new password works', async () => {
        const email = await signUpConfirmed(server());
        clock.advance(2);
        const supabase = authClient(server());
        const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${APP}/reset` });
        expect(error).toBeNull();
        const mail = await latestMail(server(), email, 'recovery');
        expect(mail.subject).toBe('Reset your password');
        expect(mail.redirect_to).toBe(`${APP}/reset`);

        const events: AuthChangeEvent[] = [];
        supabase.auth.onAuthStateChange((e) => void events.push(e));
        const verified = await supabase.auth.verifyOtp({ token_hash: mail.token_hash!, type: 'recovery' });
        expect(verified.error).toBeNull();
        expect(events).toContain('PASSWORD_RECOVERY');
        const amr = JSON.parse(
          Buffer.from(verified.data.session!.access_token.split('.')[1]!, 'base64url').toString(),
        ).amr;
        expect(amr[0].method).toBe('otp');
        expect((await supabase.auth.updateUser({ password: 'recovered-pass-3' })).error).toBeNull();
        expect(
          (await authClient(server()).auth.signInWithPassword({ email, password: 'recovered-pass-3' })).error,
        ).toBeNull();
        expect(
          (await authClient(server()).auth.verifyOtp({ token_hash: mail.token_hash!, type: 'recovery' }))
            .error,
        ).toMatchObject({ status: 403, code: 'otp_expired' });
      });

      it('the mailed link itself works too (GET /verify → redirect with the session)', async () => {
        const email = await signUpConfirmed(server());
        clock.advance(2);
        await authClient(server()).auth.resetPasswordForEmail(email, { redirectTo: `${APP}/reset` });
        const back = await openLink((await latestMail(server(), email, 'recovery')).action_url!);
        expect(back.pathname).toBe('/reset');
        expect(fragmentParams(back.toString()).get('type')).toBe('recovery');
        expect(fragmentParams(back.toString()).get('access_token')).toBeTruthy();
      });

      it('answers the same for an unknown address, and sends nothing', async () => {
        const nobody = uniqueEmail('ghost');
        const { data, error } = await authClient(server()).auth.resetPasswordForEmail(nobody);
        expect(error).toBeNull();
        expect(data).toEqual({});
        expect(await mailTo(server(), nobody)).toHaveLength(0);
        const bad = await authClient(server()).auth.resetPasswordForEmail('not-an-email');
        expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
      });
    });

    describe('email change', () => {
      it('needs both the new and the current address to confirm (double_confirm_changes)', async () => {
        const email = await signUpConfirmed(server());
        const supabase = authClient(server());
        await supabase.auth.signInWithPassword({ email, password: PASSWORD });
        const next = uniqueEmail('moved');
        const { data, error } = await supabase.auth.updateUser(
          { email: next },
          { emailRedirectTo: `${APP}/email-changed` },
        );
        expect(error).toBeNull();
        expect(data.user!.email).toBe(email);
        expect(data.user!.new_email).toBe(next);
        const toNew = await latestMail(server(), next, 'email_change');
        const toCurrent = await latestMail(server(), email, 'email_change');
        expect(toNew.subject).toBe('Confirm your new email address');

        const first = await openLink(toNew.action_url!);
        expect(fragmentParams(first.toString()).get('message')).toMatch(/^Confirmation link accepted/);
        expect((await supabase.auth.getUser()).data.user!.email).toBe(email);

        const second = await openLink(toCurrent.action_url!);
        expect(second.pathname).toBe('/email-changed');
        expect(fragmentParams(second.toString()).get('type')).toBe('email_change');
        const { data: after } = await supabase.auth.getUser();
        expect(after.user!.email).toBe(next);
        expect(after.user!.new_email).toBeUndefined();
        expect(after.user!.identities![0]!.identity_data).toMatchObject({ email: next });
        expect(
          (await authClient(server()).auth.signInWithPassword({ email: next, password: PASSWORD })).error,
        ).toBeNull();
      });

      it('refuses an address another account has', async () => {
        const mine = await signUpConfirmed(server());
        const theirs = await signUpConfirmed(server());
        const supabase = authClient(server());
        await supabase.auth.signInWithPassword({ email: mine, password: PASSWORD });
        const { error } = await supabase.auth.updateUser({ email: theirs });
        expect(error).toMatchObject({ status: 422, code: 'email_exists' });
      });
    });

    describe('magic link and one-time code', () => {
      it('a confirmed user gets a magic link; its code works too', async () => {
        const email = await signUpConfirmed(server());
        clock.advance(2);
        expect(
          (
            await authClient(server()).auth.signInWithOtp({
              email,
              options: { emailRedirectTo: `${APP}/in` },
            })
          ).error,
        ).toBeNull();
        const mail = await latestMail(server(), email, 'magiclink');
        expect(mail.subject).toBe('Your sign-in link');
        const viaCode = await authClient(server()).auth.verifyOtp({ email, token: mail.otp!, type: 'email' });
        expect(viaCode.error).toBeNull();
        expect(viaCode.data.session!.user.email).toBe(email);

        clock.advance(2);
        await authClient(server()).auth.signInWithOtp({ email });
        const link = await latestMail(server(), email, 'magiclink');
        const back = await openLink(link.action_url!);
        expect(fragmentParams(back.toString()).get('type')).toBe('magiclink');
      });

      it('a new address is signed up and gets the confirmation; shouldCreateUser: false refuses it', async () => {
        const email = uniqueEmail('otpnew');
        expect((await authClient(server()).auth.signInWithOtp({ email })).error).toBeNull();
        expect((await latestMail(server(), email)).kind).toBe('signup');
        const refused = await authClient(server()).auth.signInWithOtp({
          email: uniqueEmail('otpnot'),
          options: { shouldCreateUser: false },
        });
        expect(refused.error).toMatchObject({ status: 422, code: 'otp_disabled' });
        const wrongCode = await authClient(server()).auth.verifyOtp({
          email,
          token: '000000',
          type: 'email',
        });
        expect(wrongCode.error).toMatchObject({ status: 403, code: 'otp_expired' });
      });
    });

    describe('PKCE flows', () => {
      it('sign-up confirmation returns ?code=, exchanged with the stored verifier', async () => {
        const email = uniqueEmail('pkce');
        const supabase = authClient(server(), { flowType: 'pkce' });
        await supabase.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: `${APP}/cb` } });
        const mail = await latestMail(server(), email, 'signup');
        expect(mail.token_hash).toMatch(/^pkce_/);
        const back = await openLink(mail.action_url!);
        const code = back.searchParams.get('code');
        expect(code).toBeTruthy();
        const { data, error } = await supabase.auth.exchangeCodeForSession(code!);
        expect(error).toBeNull();
        expect(data.session!.user.email).toBe(email);
        const amr = JSON.parse(
          Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString(),
        ).amr;
        expect(amr[0].method).toBe('email/signup');
        expect(
          (await authClient(server(), { flowType: 'pkce' }).auth.exchangeCodeForSession(code!)).error,
        ).toBeTruthy();
      });

      it('password recovery with PKCE', async () => {
        const email = await signUpConfirmed(server());
        clock.advance(2);
        const supabase = authClient(server(), { flowType: 'pkce' });
        await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${APP}/reset` });
        const back = await openLink((await latestMail(server(), email, 'recovery')).action_url!);
        const { data, error } = await supabase.auth.exchangeCodeForSession(back.searchParams.get('code')!);
        expect(error).toBeNull();
        expect(data.session!.user.email).toBe(email);
        expect((data as { redirectType?: string | null }).redirectType).toBe('recovery');
      });
    });
  },
);
