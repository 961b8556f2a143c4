/**
 * The local provider page proves nothing about who owns an address (anyone can type one), so it
 * creates or signs in only its own provider identities: it refuses, and says why on its page, an
 * address whose account has a password or an elevated role in app_metadata, and its own identity
 * once that account has been given such a role; the callback checks the same rule again. The last
 * suite runs the attack of issue 12 against the store's own database and config.toml: the local
 * provider with the staff address gives no session, and the admin dashboard stays closed.
 */
import { expect, it } from 'vitest';
import { loadConfig, projectPaths } from '../src/config.ts';
import {
  adminClient,
  authClient,
  followRedirects,
  forEachAuthServer,
  fragmentParams,
  uniqueEmail,
} from '../src/testing/auth-server.ts';
import { forEachServer, type TestServer } from '../src/testing/test-server.ts';

const APP = 'http://127.0.0.1:3000';
const PASSWORD = 'correct-horse-9';

/** /authorize → the local provider page; returns the page's provider and state. */
async function openProviderPage(s: TestServer, provider: 'google' | 'github') {
  const { data } = await authClient(s).auth.signInWithOAuth({
    provider,
    options: { redirectTo: APP, skipBrowserRedirect: true },
  });
  const toPage = await fetch(data.url!, { redirect: 'manual' });
  const pageUrl = new URL(toPage.headers.get('location')!, data.url!);
  expect(pageUrl.pathname).toBe('/auth/v1/local-provider');
  return { provider: pageUrl.searchParams.get('provider')!, state: pageUrl.searchParams.get('state')! };
}

/** Picks `email` on the page: the raw answer (a redirect to /callback, or the page again). */
async function choose(s: TestServer, page: { provider: string; state: string }, email: string) {
  return fetch(`${s.url}/auth/v1/local-provider`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...page, email, name: 'Someone' }),
  });
}

/** Follows /callback back to the app. */
async function backToApp(callback: string): Promise<URL> {
  const r = await followRedirects(callback, { stopAt: (u) => !u.pathname.startsWith('/auth/v1') });
  return new URL(r.url);
}

async function identitiesOf(s: TestServer, userId: string): Promise<string[]> {
  const { rows } = await s.db.query<{ provider: string }>(
    'select provider from auth.identities where user_id = $1 order by provider',
    [userId],
  );
  return rows.map((r) => r.provider);
}

forEachAuthServer('auth: the local provider reaches only its own accounts', {}, ({ server }) => {
  it('refuses an address whose account has a password, says why on its page, and links nothing', async () => {
    const s = server();
    const email = uniqueEmail('pw');
    const { data: signedUp } = await authClient(s).auth.signUp({ email, password: PASSWORD });
    const userId = signedUp.user!.id;
    for (const provider of ['google', 'github'] as const) {
      const answer = await choose(s, await openProviderPage(s, provider), email.toUpperCase());
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

  it('refuses an account with an elevated role, even one it created itself', async () => {
    const s = server();
    const email = uniqueEmail('promoted');
    // a provider-made account (no password) first signs in normally…
    const first = await choose(s, await openProviderPage(s, 'google'), email);
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
      const answer = await choose(s, await openProviderPage(s, provider), email);
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
    const first = await choose(s, await openProviderPage(s, 'google'), email);
    await backToApp(new URL(first.headers.get('location')!, s.url).toString());
    const { rows } = await s.db.query<{ id: string }>('select id::text from auth.users where email = $1', [
      email,
    ]);
    const userId = rows[0]!.id;
    const answer = await choose(s, await openProviderPage(s, 'github'), email);
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

// The attack of issue 12 on the store as shipped: its migrations, seed and supabase/config.toml.
forEachServer(
  'auth: the local provider and the staff account (store config)',
  { migrationsDir: projectPaths().migrationsDir, seedPaths: projectPaths().seedPaths, config: loadConfig() },
  ({ server }) => {
    it('typing the staff address on the local provider page gives no session; the dashboard stays closed', async () => {
      const s = server();
      const staff = uniqueEmail('staff');
      const made = await adminClient(s).auth.admin.createUser({
        email: staff,
        password: 'Staff-pass-2026!',
        email_confirm: true,
        app_metadata: { role: 'admin' },
      });
      expect(made.error).toBeNull();

      const answer = await choose(s, await openProviderPage(s, 'google'), staff);
      expect(answer.status).toBe(403);
      expect(answer.headers.get('location')).toBeNull();
      expect(await answer.text()).toContain('The local provider never signs in to such an account');
      expect(await identitiesOf(s, made.data.user!.id)).toEqual(['email']);
      const { rows } = await s.db.query('select 1 from auth.sessions where user_id = $1', [
        made.data.user!.id,
      ]);
      expect(rows).toHaveLength(0);

      // nobody but the staff member's own password sign-in opens the dashboard
      const anon = authClient(s);
      expect((await anon.rpc('admin_dashboard')).error).not.toBeNull();
      const staffClient = authClient(s);
      await staffClient.auth.signInWithPassword({ email: staff, password: 'Staff-pass-2026!' });
      expect((await staffClient.rpc('admin_dashboard')).error).toBeNull();
    });
  },
);
