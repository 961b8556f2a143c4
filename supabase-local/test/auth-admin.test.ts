/**
 * The admin API through auth-js's auth.admin (service_role only; the one place app_metadata is
 * set), and GoTrue's per-address rate limits answering 429 over_request_rate_limit.
 */
import { describe, expect, it } from 'vitest';
import { mintJwt } from '../src/testing/jwt.ts';
import { adminClient, authClient, forEachAuthServer, uniqueEmail } from '../src/testing/auth-server.ts';

const PASSWORD = 'correct-horse-9';
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

forEachAuthServer('auth: admin API', {}, ({ server }) => {
  it('creates a confirmed staff user with app_metadata.role, which reaches the JWT', async () => {
    const admin = adminClient(server());
    const email = uniqueEmail('staff');
    const { data, error } = await admin.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      app_metadata: { role: 'admin' },
      user_metadata: { full_name: 'Store Admin' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      app_metadata: { provider: 'email', providers: ['email'], role: 'admin' },
      user_metadata: { full_name: 'Store Admin' },
    });
    expect(data.user!.email_confirmed_at).toBeTruthy();
    const signIn = await authClient(server()).auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(claimsOf(signIn.data.session!.access_token).app_metadata.role).toBe('admin');
    const dup = await admin.auth.admin.createUser({ email, password: PASSWORD });
    expect(dup.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('lists with pagination, gets by id, updates app_metadata, bans and deletes', async () => {
    const admin = adminClient(server());
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { data } = await admin.auth.admin.createUser({
        email: uniqueEmail('listed'),
        password: PASSWORD,
        email_confirm: true,
      });
      ids.push(data.user!.id);
    }
    const page = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(2);
    expect((page.data as unknown as { total: number }).total).toBeGreaterThanOrEqual(3);
    expect((page.data as unknown as { nextPage: number }).nextPage).toBe(2);
    expect(page.data.users[0]!.id).toBe(ids[2]); // newest first

    const got = await admin.auth.admin.getUserById(ids[0]!);
    expect(got.data.user!.id).toBe(ids[0]);
    const missing = await admin.auth.admin.getUserById('00000000-0000-4000-8000-00000000abcd');
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found' });

    const promoted = await admin.auth.admin.updateUserById(ids[0]!, { app_metadata: { role: 'admin' } });
    expect(promoted.data.user!.app_metadata).toMatchObject({ role: 'admin', provider: 'email' });
    const demoted = await admin.auth.admin.updateUserById(ids[0]!, { app_metadata: { role: null } });
    expect(demoted.data.user!.app_metadata.role).toBeUndefined();

    const email = got.data.user!.email!;
    const signedIn = await authClient(server()).auth.signInWithPassword({ email, password: PASSWORD });
    await admin.auth.admin.updateUserById(ids[0]!, { ban_duration: '24h' });
    expect(
      (await authClient(server()).auth.signInWithPassword({ email, password: PASSWORD })).error,
    ).toMatchObject({ code: 'user_banned' });
    await admin.auth.admin.updateUserById(ids[0]!, { ban_duration: 'none' });
    expect(
      (await authClient(server()).auth.signInWithPassword({ email, password: PASSWORD })).error,
    ).toBeNull();

    expect((await admin.auth.admin.deleteUser(ids[0]!)).error).toBeNull();
    expect((await server().db.query('select 1 from auth.users where id = $1', [ids[0]])).rows).toHaveLength(
      0,
    );
    expect(
      (await server().db.query('select 1 from auth.sessions where user_id = $1', [ids[0]])).rows,
    ).toHaveLength(0);
    const orphan = await authClient(server()).auth.getUser(signedIn.data.session!.access_token);
    expect(orphan.error).toMatchObject({ status: 403, code: 'user_not_found' });

    expect((await admin.auth.admin.deleteUser(ids[1]!, true)).error).toBeNull();
    const soft = await server().db.query<{ deleted_at: Date | null; email: string }>(
      'select deleted_at, email from auth.users where id = $1',
      [ids[1]],
    );
    expect(soft.rows[0]!.deleted_at).toBeInstanceOf(Date);
    expect(soft.rows[0]!.email).not.toContain('@');
  });

  it('refuses the anon key, user tokens and forged service tokens', async () => {
    const email = uniqueEmail('plain');
    const { data } = await authClient(server()).auth.signUp({ email, password: PASSWORD });
    const asAnon = await authClient(server()).auth.admin.listUsers();
    expect(asAnon.error).toMatchObject({ status: 403, code: 'not_admin' });
    const asUser = await fetch(`${server().url}/auth/v1/admin/users`, {
      headers: {
        apikey: server().anonKey,
        Authorization: `Bearer ${data.session!.access_token}`,
        'X-Supabase-Api-Version': '2024-01-01',
      },
    });
    expect(asUser.status).toBe(403);
    expect(await asUser.json()).toEqual({ code: 'not_admin', message: 'User not allowed' });
    const forged = mintJwt('not-the-project-secret-not-the-project-secret', {
      role: 'service_role',
      exp: Math.floor(Date.now() / 1000) + 60,
    });
    const create = await fetch(`${server().url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { apikey: forged, Authorization: `Bearer ${forged}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('forged'), password: PASSWORD }),
    });
    expect(create.status).toBe(403);
    expect(((await create.json()) as { error_code: string }).error_code).toBe('bad_jwt');
    expect(
      (await server().db.query(`select 1 from auth.users where email like 'forged.%'`)).rows,
    ).toHaveLength(0);
  });
});

forEachAuthServer(
  'auth: rate limits',
  { rateLimits: { otp: { perFiveMinutes: 30, burst: 3 } } },
  ({ server, clock }) => {
    it('token grants: bursts of 30 per address, then 429 until the bucket refills (150 per 5 minutes)', async () => {
      const attempt = () =>
        authClient(server()).auth.signInWithPassword({
          email: uniqueEmail('limited'),
          password: 'whatever-pass-1',
        });
      for (let i = 0; i < 30; i++)
        expect((await attempt()).error?.code, `attempt ${i + 1}`).toBe('invalid_credentials');
      const limited = await attempt();
      expect(limited.error).toMatchObject({
        status: 429,
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      });
      clock.advance(2); // 150 per 300 s: one request's worth
      expect((await attempt()).error?.code).toBe('invalid_credentials');
      expect((await attempt()).error?.code).toBe('over_request_rate_limit');
    });

    it('sign-up, recover and otp each have their own bucket (sign_in_sign_ups)', async () => {
      for (let i = 0; i < 3; i++)
        expect((await authClient(server()).auth.resetPasswordForEmail(uniqueEmail('r'))).error).toBeNull();
      expect((await authClient(server()).auth.resetPasswordForEmail(uniqueEmail('r'))).error).toMatchObject({
        status: 429,
        code: 'over_request_rate_limit',
      });
      const signUp = await authClient(server()).auth.signUp({ email: uniqueEmail('s'), password: PASSWORD });
      expect(signUp.error).toBeNull();
      clock.advance(10); // 30 per 300 s: one more
      expect((await authClient(server()).auth.resetPasswordForEmail(uniqueEmail('r'))).error).toBeNull();
    });
  },
);

describe('rate limits from config.toml', () => {
  it('maps [auth.rate_limit] as the Supabase CLI does', async () => {
    const { rateLimitsFromConfig } = await import('../src/auth/rate-limit.ts');
    const { fromToml } = await import('../src/config.ts');
    const limits = rateLimitsFromConfig(
      fromToml({ auth: { rate_limit: { token_refresh: 60, sign_in_sign_ups: 10, token_verifications: 5 } } }),
    );
    expect(limits.token).toEqual({ perFiveMinutes: 60, burst: 30 });
    expect(limits.otp).toEqual({ perFiveMinutes: 10, burst: 30 });
    expect(limits.verify).toEqual({ perFiveMinutes: 5, burst: 30 });
    const defaults = rateLimitsFromConfig(fromToml({}));
    expect(defaults.token.perFiveMinutes).toBe(150);
    expect(defaults.otp.perFiveMinutes).toBe(30);
  });
});
