/**
 * Auth through the real auth-js: email + password sign-up (confirmations off, as the store's
 * config.toml has it), sign-in, wrong password, weak passwords, getSession/getUser, settings, and
 * what GoTrue writes to auth.users / auth.identities. PGlite, and PostgreSQL with DATABASE_URL.
 */
import { AuthApiError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { authClient, forEachAuthServer, uniqueEmail } from '../src/testing/auth-server.ts';

const PASSWORD = 'correct-horse-9';

forEachAuthServer('auth: email sign-up and sign-in', {}, ({ server }) => {
  it('GET /settings reflects config.toml', async () => {
    const r = await fetch(`${server().url}/auth/v1/settings`, { headers: { apikey: server().anonKey } });
    expect(r.status).toBe(200);
    const s = (await r.json()) as { external: Record<string, boolean> } & Record<string, unknown>;
    expect(s).toMatchObject({ disable_signup: false, mailer_autoconfirm: true });
    expect(s.external).toMatchObject({ email: true, google: true, github: true, apple: false, phone: false });
    const h = await fetch(`${server().url}/auth/v1/health`, { headers: { apikey: server().anonKey } });
    expect(await h.json()).toMatchObject({ name: 'GoTrue' });
  });

  it('signs up without confirmation and gets a session', async () => {
    const email = uniqueEmail('signup');
    const supabase = authClient(server());
    const { data, error } = await supabase.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { full_name: 'Asha' } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email).toBe(email);
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(data.user?.user_metadata).toMatchObject({
      full_name: 'Asha',
      email,
      email_verified: true,
      sub: data.user?.id,
    });
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', id: data.user?.id });

    const { rows } = await server().db.query<Record<string, unknown>>(
      `select u.encrypted_password, u.email_confirmed_at, u.raw_app_meta_data, u.role, u.aud, u.instance_id::text,
              i.provider, i.provider_id, i.identity_data
         from auth.users u join auth.identities i on i.user_id = u.id where u.email = $1`,
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.encrypted_password).toMatch(/^\$2a\$10\$/);
    expect(rows[0]!.email_confirmed_at).toBeInstanceOf(Date);
    expect(rows[0]).toMatchObject({
      role: 'authenticated',
      aud: 'authenticated',
      provider: 'email',
      provider_id: data.user?.id,
    });
    expect(rows[0]!.identity_data).toMatchObject({ sub: data.user?.id, email, email_verified: false });
  });

  it('signs in with the password, and refuses a wrong one as invalid_credentials', async () => {
    const email = uniqueEmail('signin');
    await authClient(server()).auth.signUp({ email, password: PASSWORD });
    const supabase = authClient(server());
    const wrong = await supabase.auth.signInWithPassword({ email, password: 'not-the-password' });
    expect(wrong.error).toBeInstanceOf(AuthApiError);
    expect(wrong.error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    const unknown = await supabase.auth.signInWithPassword({
      email: uniqueEmail('nobody'),
      password: PASSWORD,
    });
    expect(unknown.error).toMatchObject({ status: 400, code: 'invalid_credentials' });

    const ok = await supabase.auth.signInWithPassword({ email: email.toUpperCase(), password: PASSWORD });
    expect(ok.error).toBeNull();
    const { data: session } = await supabase.auth.getSession();
    expect(session.session?.user.email).toBe(email);
    const { data: user, error } = await supabase.auth.getUser();
    expect(error).toBeNull();
    expect(user.user?.id).toBe(ok.data.user?.id);
    expect(user.user?.last_sign_in_at).toBeTruthy();
  });

  it('issues JWTs with GoTrue claims', async () => {
    const email = uniqueEmail('claims');
    const { data } = await authClient(server()).auth.signUp({ email, password: PASSWORD });
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({
      iss: 'http://127.0.0.1:54321/auth/v1',
      sub: data.user!.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    const { rows } = await server().db.query('select id::text from auth.sessions where id = $1', [
      claims.session_id,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('a repeated sign-up of a confirmed address is user_already_exists (confirmations off)', async () => {
    const email = uniqueEmail('again');
    await authClient(server()).auth.signUp({ email, password: PASSWORD });
    const { data, error } = await authClient(server()).auth.signUp({ email, password: 'another-pass-1' });
    expect(error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    });
    expect(data.user).toBeNull();
  });

  it('refuses weak passwords with the reasons', async () => {
    const { error } = await authClient(server()).auth.signUp({
      email: uniqueEmail('weak'),
      password: 'short',
    });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    expect(error!.message).toBe('Password should be at least 8 characters.');
  });

  it('refuses invalid email addresses with validation_failed and writes nothing', async () => {
    const before = await server().db.query<{ n: number }>('select count(*)::int as n from auth.users');
    for (const email of [
      'not-an-email',
      'a@',
      '@example.com',
      'two@@example.com',
      `${'x'.repeat(250)}@example.com`,
    ]) {
      const { error } = await authClient(server()).auth.signUp({ email, password: PASSWORD });
      expect(error, email).toMatchObject({ status: 400, code: 'validation_failed' });
    }
    const after = await server().db.query<{ n: number }>('select count(*)::int as n from auth.users');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  describe('error shapes', () => {
    it('answers {code, message} and echoes X-Supabase-Api-Version when asked, the legacy shape otherwise', async () => {
      const url = `${server().url}/auth/v1/token?grant_type=password`;
      const body = JSON.stringify({ email: uniqueEmail('nobody'), password: 'whatever-1' });
      const headers = { apikey: server().anonKey, 'Content-Type': 'application/json' };
      // from the store's page (a configured site origin), as a browser's auth-js asks
      const v = await fetch(url, {
        method: 'POST',
        body,
        headers: { ...headers, 'X-Supabase-Api-Version': '2024-01-01', Origin: 'http://127.0.0.1:3000' },
      });
      expect(v.status).toBe(400);
      expect(v.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      expect(v.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
      expect(await v.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
      const legacy = await fetch(url, { method: 'POST', body, headers });
      expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
      expect(await legacy.json()).toEqual({
        code: 400,
        error_code: 'invalid_credentials',
        msg: 'Invalid login credentials',
      });
      const noToken = await fetch(`${server().url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        body: '{}',
        headers,
      });
      expect(await noToken.json()).toEqual({
        error: 'invalid_request',
        error_description: 'refresh_token required',
      });
    });
  });
});

forEachAuthServer('auth: sign-up disabled', { auth: { enable_signup: false } }, ({ server }) => {
  it('answers signup_disabled and creates no user', async () => {
    const email = uniqueEmail('closed');
    const { error } = await authClient(server()).auth.signUp({ email, password: PASSWORD });
    expect(error).toMatchObject({ status: 422, code: 'signup_disabled' });
    const { rows } = await server().db.query('select 1 from auth.users where email = $1', [email]);
    expect(rows).toHaveLength(0);
  });
});

forEachAuthServer('auth: anonymous sign-ins', { auth: { enable_anonymous_sign_ins: true } }, ({ server }) => {
  it('signs in anonymously, then becomes a permanent user by adding an email and a password', async () => {
    const supabase = authClient(server());
    const { data, error } = await supabase.auth.signInAnonymously({ options: { data: { cart: 'c-1' } } });
    expect(error).toBeNull();
    expect(data.user!.is_anonymous).toBe(true);
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({
      is_anonymous: true,
      role: 'authenticated',
      email: '',
      amr: [{ method: 'anonymous' }],
    });
    const noEmail = await supabase.auth.updateUser({ password: PASSWORD });
    expect(noEmail.error).toMatchObject({ status: 422, code: 'validation_failed' });
    const email = uniqueEmail('anon');
    const upgraded = await supabase.auth.updateUser({ email });
    expect(upgraded.error).toBeNull();
    expect(upgraded.data.user).toMatchObject({
      email,
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect((await supabase.auth.updateUser({ password: PASSWORD })).error).toBeNull();
    expect(
      (await authClient(server()).auth.signInWithPassword({ email, password: PASSWORD })).error,
    ).toBeNull();
  });
});

forEachAuthServer('auth: anonymous sign-ins off (the store default)', {}, ({ server }) => {
  it('answers anonymous_provider_disabled', async () => {
    const { error } = await authClient(server()).auth.signInAnonymously();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
  });

  it('serves the mailbox page and JSON without a key', async () => {
    const page = await fetch(`${server().url}/auth/v1/mailbox`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Local mailbox of supabase-local');
    const list = await fetch(`${server().url}/auth/v1/mailbox/messages.json`);
    expect(await list.json()).toEqual({ messages: [] });
    const user = await fetch(`${server().url}/auth/v1/user`);
    expect(user.status).toBe(401); // the key rule still applies elsewhere
  });
});
