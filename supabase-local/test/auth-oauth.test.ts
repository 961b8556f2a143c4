/**
 * Google and GitHub sign-in through the local provider page, by plain HTTP (the browser journey is
 * e2e's): /authorize → /local-provider (clearly marked as local) → /callback → back to the app with
 * the session (implicit) or ?code= (PKCE, exchanged by auth-js); account creation, linking between
 * the local provider's own identities, returning identities, cancel, bad state, providers disabled in config.toml.
 */
import { expect, it } from 'vitest';
import {
  authClient,
  followRedirects,
  forEachAuthServer,
  fragmentParams,
  uniqueEmail,
} from '../src/testing/auth-server.ts';
import type { TestServer } from '../src/testing/test-server.ts';

const APP = 'http://127.0.0.1:3000';

/** Opens the provider URL auth-js built, checks the local page, and picks `who` there. */
async function viaLocalProvider(
  s: TestServer,
  authorizeUrl: string,
  who: { email: string; name?: string } | 'cancel',
) {
  const toPage = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(toPage.status).toBe(302);
  const pageUrl = new URL(toPage.headers.get('location')!, authorizeUrl);
  expect(pageUrl.pathname).toBe('/auth/v1/local-provider');
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const label = pageUrl.searchParams.get('provider') === 'github' ? 'GitHub' : 'Google';
  expect(html).toContain(`Local sign-in provider (supabase-local) — not ${label}`);
  expect(html).toContain('asha.verma@example.com');
  const form = new URLSearchParams({
    provider: pageUrl.searchParams.get('provider')!,
    state: pageUrl.searchParams.get('state')!,
  });
  if (who === 'cancel') form.set('cancel', '1');
  else {
    form.set('email', who.email);
    form.set('name', who.name ?? '');
  }
  const back = await followRedirects(`${s.url}/auth/v1/local-provider`, {
    init: { method: 'POST', body: form, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
    stopAt: (u) => !u.pathname.startsWith('/auth/v1'),
  });
  expect(back.hops[0]).toContain('/auth/v1/callback?');
  return new URL(back.url);
}

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

forEachAuthServer('auth: OAuth through the local provider', {}, ({ server }) => {
  it('Google, implicit flow: a new user with the identity, and the session in the fragment', async () => {
    const supabase = authClient(server());
    const { data, error } = await supabase.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${APP}/cb`, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    const email = uniqueEmail('google');
    const back = await viaLocalProvider(server(), data.url!, { email, name: 'Asha Verma' });
    expect(back.origin + back.pathname).toBe(`${APP}/cb`);
    const f = fragmentParams(back.toString());
    expect(f.get('provider_token')).toMatch(/^local_google_/);
    const { data: s, error: e2 } = await supabase.auth.setSession({
      access_token: f.get('access_token')!,
      refresh_token: f.get('refresh_token')!,
    });
    expect(e2).toBeNull();
    const user = s.user!;
    expect(user.email).toBe(email);
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.app_metadata).toEqual({ provider: 'google', providers: ['google'] });
    expect(user.user_metadata).toMatchObject({
      name: 'Asha Verma',
      full_name: 'Asha Verma',
      email,
      email_verified: true,
      iss: 'https://accounts.google.com',
    });
    expect(user.user_metadata.avatar_url).toContain('/auth/v1/local-provider/avatar.svg');
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({
      provider: 'google',
      identity_data: { email, name: 'Asha Verma' },
    });
    expect(user.identities![0]!.id).toMatch(/^1\d{20}$/);
    expect(claimsOf(f.get('access_token')!).amr[0].method).toBe('oauth');
    const avatar = await fetch(user.user_metadata.avatar_url as string);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');

    // the same Google account again: the same user, no second identity
    const again = await authClient(server()).auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${APP}/cb`, skipBrowserRedirect: true },
    });
    const back2 = await viaLocalProvider(server(), again.data.url!, { email, name: 'Asha V.' });
    expect(claimsOf(fragmentParams(back2.toString()).get('access_token')!).sub).toBe(user.id);
    const { rows } = await server().db.query<{ identity_data: Record<string, unknown> }>(
      'select identity_data from auth.identities where user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identity_data.name).toBe('Asha V.');
  });

  it('GitHub, PKCE flow: ?code= exchanged by auth-js with its stored verifier', async () => {
    const supabase = authClient(server(), { flowType: 'pkce' });
    const { data } = await supabase.auth.signInWithOAuth({
      provider: 'github',
      options: { redirectTo: `${APP}/cb`, skipBrowserRedirect: true },
    });
    expect(data.url).toContain('code_challenge=');
    const email = uniqueEmail('github');
    const back = await viaLocalProvider(server(), data.url!, { email, name: 'Rahul Mehta' });
    const code = back.searchParams.get('code');
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    expect(back.hash).toBe('');
    const { data: s, error } = await supabase.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(s.session!.provider_token).toMatch(/^local_github_/);
    expect(s.user!.app_metadata).toEqual({ provider: 'github', providers: ['github'] });
    expect(s.user!.user_metadata).toMatchObject({
      user_name: email.split('@')[0]!.replace(/[^a-zA-Z0-9-]/g, '-'),
      iss: 'https://api.github.com',
    });
    expect(claimsOf(s.session!.access_token).amr[0].method).toBe('oauth');
    // the code is single-use
    expect((await supabase.auth.exchangeCodeForSession(code!)).error).toBeTruthy();
    const { rows } = await server().db.query('select 1 from auth.flow_state where auth_code = $1', [code]);
    expect(rows).toHaveLength(0);
  });

  it('links a provider identity to an account of the local provider with that email (no password)', async () => {
    const email = uniqueEmail('linked');
    const first = await authClient(server()).auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: APP, skipBrowserRedirect: true },
    });
    const viaGoogle = await viaLocalProvider(server(), first.data.url!, { email, name: 'Linked' });
    const googleUser = claimsOf(fragmentParams(viaGoogle.toString()).get('access_token')!).sub;
    const { data } = await authClient(server()).auth.signInWithOAuth({
      provider: 'github',
      options: { redirectTo: APP, skipBrowserRedirect: true },
    });
    const back = await viaLocalProvider(server(), data.url!, { email: email.toUpperCase(), name: 'Linked' });
    const claims = claimsOf(fragmentParams(back.toString()).get('access_token')!);
    expect(claims.sub).toBe(googleUser);
    expect(claims.app_metadata).toEqual({ provider: 'google', providers: ['google', 'github'] });
  });

  it('cancel on the provider page goes back with error=access_denied', async () => {
    const { data } = await authClient(server()).auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${APP}/cb`, skipBrowserRedirect: true },
    });
    const back = await viaLocalProvider(server(), data.url!, 'cancel');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(fragmentParams(back.toString()).get('error')).toBe('access_denied');
  });

  it('refuses a missing or forged state, unknown providers, and redirect targets off the allow-list', async () => {
    const noState = await fetch(`${server().url}/auth/v1/callback?code=x`, {
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(noState.status).toBe(400);
    expect(await noState.json()).toMatchObject({ code: 'bad_oauth_state' });
    const forged = await fetch(`${server().url}/auth/v1/callback?code=x&state=eyJhbGciOiJIUzI1NiJ9.e30.AAAA`);
    expect(forged.status).toBe(400);
    const unknown = await fetch(`${server().url}/auth/v1/authorize?provider=facebook`, {
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      code: 'validation_failed',
      message: 'Unsupported provider: Provider facebook could not be found',
    });
    const { data } = await authClient(server()).auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'https://evil.example.net/x', skipBrowserRedirect: true },
    });
    const back = await viaLocalProvider(server(), data.url!, { email: uniqueEmail('evil') });
    expect(back.origin).toBe(APP);
  });
});

forEachAuthServer(
  'auth: providers disabled in config.toml',
  { auth: { external: { github: { enabled: false } } } },
  ({ server }) => {
    it('GitHub is off in /settings and /authorize refuses it', async () => {
      const settings = (await (
        await fetch(`${server().url}/auth/v1/settings`, { headers: { apikey: server().anonKey } })
      ).json()) as {
        external: Record<string, boolean>;
      };
      expect(settings.external).toMatchObject({ google: true, github: false });
      const r = await fetch(
        `${server().url}/auth/v1/authorize?provider=github&redirect_to=${encodeURIComponent(APP)}`,
        { redirect: 'manual' },
      );
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({
        error_code: 'validation_failed',
        msg: 'Unsupported provider: provider is not enabled',
      });
    });
  },
);
