/**
 * The local provider page proves nothing about who owns an address (anyone can type one), so it
 * creates or signs in only its own provider identities: it refuses, and says why on its page, an
 * address whose account has a password (or was invited to set one) or an elevated role in app_metadata, and its own identity
 * once that account has been given such a role; the callback checks the same rule again. (The attack
 * of issue 12 on the store as shipped is supabase/tests/auth-local-provider.test.ts.)
 */
import { expect, it } from 'vitest';
import {
  adminClient,
  authClient,
  chooseOnLocalProvider,
  followRedirects,
  forEachAuthServer,
  fragmentParams,
  identitiesOf,
  openLocalProviderPage,
  uniqueEmail,
} from '../src/testing/auth-server.ts';

const APP = 'http://127.0.0.1:3000';
const PASSWORD = 'correct-horse-9';

/** Follows /callback back to the app. */
async function backToApp(callback: string): Promise<URL> {
  const r = await followRedirects(callback, { stopAt: (u) => !u.pathname.startsWith('/auth/v1') });
  return new URL(r.url);
}

forEachAuthServer('auth: the local provider reaches only its own accounts', {}, ({ server }) => {
  it('refuses an address whose account has a password, says why on its page, and links nothing', async () => {
    const s = server();
    const email = uniqueEmail('pw');
    const { data: signedUp } = await authClient(s).auth.signUp({ email, password: PASSWORD });
    const userId = signedUp.user!.id;
    for (const provider of ['google', 'github'] as const) {
      const answer = await chooseOnLocalProvider(
        s,
        await openLocalProviderPage(s, provider),
        email.toUpperCase(),
      );
      expect(answer.status).toBe(403);
      expect(answer.headers.get('location')).toBeNull();
      const html = await answer.text();
      expect(html).toContain('role="alert"');
      expect(html).toContain('This address belongs to an account that signs in with a password.');
      expect(html).toContain('Local sign-in provider (supabase-local)');
    }
    expect(await identitiesOf(s, userId)).toEqual(['email']);
    const again = await authClient(s).auth.signInWithPassword({ email, password: PASSWORD });
    expect(again.data.user!.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
  });

  it('refuses an invited account that has no password yet (the invitation is its owner’s to accept)', async () => {
    const s = server();
    const email = uniqueEmail('invited');
    const { data, error } = await adminClient(s).auth.admin.inviteUserByEmail(email);
    expect(error).toBeNull();
    const answer = await chooseOnLocalProvider(s, await openLocalProviderPage(s, 'google'), email);
    expect(answer.status).toBe(403);
    expect(answer.headers.get('location')).toBeNull();
    // the invitation made the e-mail identity its owner will set a password for
    expect(await answer.text()).toContain(
      'This address belongs to an account that signs in with a password.',
    );
    expect(await identitiesOf(s, data.user!.id)).toEqual(['email']);
  });

  it('refuses an account with an elevated role, even one it created itself', async () => {
    const s = server();
    const email = uniqueEmail('promoted');
    // a provider-made account (no password) first signs in normally…
    const first = await chooseOnLocalProvider(s, await openLocalProviderPage(s, 'google'), email);
    expect(first.status).toBe(302);
    const back = await backToApp(new URL(first.headers.get('location')!, s.url).toString());
    const userId = JSON.parse(
      Buffer.from(
        fragmentParams(back.toString()).get('access_token')!.split('.')[1]!,
        'base64url',
      ).toString(),
    ).sub as string;
    // …then is given a role through the admin API: the local provider no longer signs in to it
    const promoted = await adminClient(s).auth.admin.updateUserById(userId, {
      app_metadata: { role: 'admin' },
    });
    expect(promoted.error).toBeNull();
    for (const provider of ['google', 'github'] as const) {
      const answer = await chooseOnLocalProvider(s, await openLocalProviderPage(s, provider), email);
      expect(answer.status).toBe(403);
      expect(await answer.text()).toContain(
        'This address belongs to an account with the role &quot;admin&quot;. The local provider never signs in to such an account',
      );
    }
    expect(await identitiesOf(s, userId)).toEqual(['google']);
  });

  it('the callback checks again: a code chosen before the account was promoted gives no session', async () => {
    const s = server();
    const email = uniqueEmail('race');
    const first = await chooseOnLocalProvider(s, await openLocalProviderPage(s, 'google'), email);
    await backToApp(new URL(first.headers.get('location')!, s.url).toString());
    const { rows } = await s.db.query<{ id: string }>('select id::text from auth.users where email = $1', [
      email,
    ]);
    const userId = rows[0]!.id;
    const answer = await chooseOnLocalProvider(s, await openLocalProviderPage(s, 'github'), email);
    expect(answer.status).toBe(302);
    await adminClient(s).auth.admin.updateUserById(userId, { app_metadata: { role: 'staff' } });
    const back = await backToApp(new URL(answer.headers.get('location')!, s.url).toString());
    expect(back.origin).toBe(APP);
    const f = fragmentParams(back.toString());
    expect(f.get('access_token')).toBeNull();
    expect(f.get('error')).toBe('access_denied');
    expect(f.get('error_code')).toBe('email_exists');
    expect(await identitiesOf(s, userId)).toEqual(['google']);
  });
});
