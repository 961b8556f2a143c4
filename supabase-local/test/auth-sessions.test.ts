/**
 * Sessions through auth-js: refresh-token rotation and GoTrue's reuse rules (clock moved past
 * refresh_token_reuse_interval), sign-out scopes, onAuthStateChange events, and hostile tokens and
 * bodies on /user (each a clear 4xx, nothing written).
 */
import { AuthSessionMissingError, type AuthChangeEvent } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { mintJwt } from '../src/testing/jwt.ts';
import { authClient, forEachAuthServer, uniqueEmail } from '../src/testing/auth-server.ts';
import type { TestServer } from '../src/testing/test-server.ts';

const PASSWORD = 'correct-horse-9';

async function signedIn(s: TestServer, email = uniqueEmail('session')) {
  const supabase = authClient(s);
  const { data, error } = await supabase.auth.signUp({ email, password: PASSWORD });
  if (error) throw error;
  return { supabase, email, session: data.session!, user: data.user! };
}

async function refreshWith(s: TestServer, refreshToken: string) {
  return authClient(s).auth.refreshSession({ refresh_token: refreshToken });
}

forEachAuthServer('auth: sessions', {}, ({ server, clock }) => {
  describe('refresh', () => {
    it('rotates the refresh token: the old one is revoked and parents the new one, in the same session', async () => {
      const { supabase, session } = await signedIn(server());
      const { data, error } = await supabase.auth.refreshSession();
      expect(error).toBeNull();
      expect(data.session!.refresh_token).not.toBe(session.refresh_token);
      const { rows } = await server().db.query<{
        token: string;
        revoked: boolean;
        parent: string | null;
        session_id: string;
      }>(
        'select token, revoked, parent, session_id::text from auth.refresh_tokens where token = any($1) order by id',
        [[session.refresh_token, data.session!.refresh_token]],
      );
      expect(rows).toMatchObject([
        { token: session.refresh_token, revoked: true, parent: null },
        { token: data.session!.refresh_token, revoked: false, parent: session.refresh_token },
      ]);
      expect(rows[0]!.session_id).toBe(rows[1]!.session_id);
      const claims = JSON.parse(
        Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString(),
      );
      expect(claims.session_id).toBe(rows[0]!.session_id);
      expect(claims.amr[0].method).toBe('password');
    });

    it('a token whose answer the client lost gives back the active token, even after the interval', async () => {
      const { session } = await signedIn(server());
      const first = await refreshWith(server(), session.refresh_token);
      clock.advance(60);
      const again = await refreshWith(server(), session.refresh_token);
      expect(again.error).toBeNull();
      expect(again.data.session!.refresh_token).toBe(first.data.session!.refresh_token);
    });

    it('reuse of an older token inside the reuse interval is allowed (racing tabs)', async () => {
      const { session } = await signedIn(server());
      const r1 = await refreshWith(server(), session.refresh_token);
      const r2 = await refreshWith(server(), r1.data.session!.refresh_token);
      expect(r2.error).toBeNull();
      clock.advance(5);
      const reuse = await refreshWith(server(), session.refresh_token);
      expect(reuse.error).toBeNull();
      expect(reuse.data.session!.user.email).toBe(session.user.email);
    });

    it('reuse after the interval ends the whole session: refresh_token_already_used', async () => {
      const { session, user } = await signedIn(server());
      const r1 = await refreshWith(server(), session.refresh_token);
      const r2 = await refreshWith(server(), r1.data.session!.refresh_token);
      clock.advance(11);
      const replay = await refreshWith(server(), session.refresh_token);
      expect(replay.error).toMatchObject({
        status: 400,
        code: 'refresh_token_already_used',
        message: 'Invalid Refresh Token: Already Used',
      });
      // the legitimate holder's latest token and access token die with the session
      const latest = await refreshWith(server(), r2.data.session!.refresh_token);
      expect(latest.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
      const { data, error } = await authClient(server()).auth.getUser(r2.data.session!.access_token);
      expect(data.user).toBeNull();
      expect(error).toBeInstanceOf(AuthSessionMissingError);
      const { rows } = await server().db.query('select 1 from auth.sessions where user_id = $1', [user.id]);
      expect(rows).toHaveLength(0);
    });

    it('an unknown refresh token is refresh_token_not_found', async () => {
      const { error } = await refreshWith(server(), 'abcdefghijkl');
      expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    });
  });

  describe('sign-out scopes', () => {
    async function threeSessions() {
      const a = await signedIn(server());
      const b = authClient(server());
      const c = authClient(server());
      await b.auth.signInWithPassword({ email: a.email, password: PASSWORD });
      await c.auth.signInWithPassword({ email: a.email, password: PASSWORD });
      const sessions = async () =>
        (await server().db.query('select id from auth.sessions where user_id = $1', [a.user.id])).rows.length;
      expect(await sessions()).toBe(3);
      return { a: a.supabase, b, c, sessions };
    }
    const refreshes = async (client: ReturnType<typeof authClient>) => {
      const { data } = await client.auth.getSession();
      return !(await refreshWith(server(), data.session!.refresh_token)).error;
    };

    it('others: every session but this one ends', async () => {
      const { a, b, c, sessions } = await threeSessions();
      expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
      expect(await sessions()).toBe(1);
      expect(await refreshes(a)).toBe(true);
      expect(await refreshes(b)).toBe(false);
      expect(await refreshes(c)).toBe(false);
    });

    it('local: only this session ends', async () => {
      const { a, b, sessions } = await threeSessions();
      const { data } = await a.auth.getSession();
      expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
      expect(await sessions()).toBe(2);
      expect((await a.auth.getSession()).data.session).toBeNull();
      expect((await refreshWith(server(), data.session!.refresh_token)).error).toMatchObject({
        code: 'refresh_token_not_found',
      });
      expect(await refreshes(b)).toBe(true);
    });

    it('global (default): every session ends', async () => {
      const { a, b, sessions } = await threeSessions();
      const { data } = await b.auth.getSession();
      expect((await a.auth.signOut()).error).toBeNull();
      expect(await sessions()).toBe(0);
      expect((await refreshWith(server(), data.session!.refresh_token)).error).toMatchObject({
        code: 'refresh_token_not_found',
      });
    });
  });

  it('onAuthStateChange sees SIGNED_IN, TOKEN_REFRESHED, USER_UPDATED and SIGNED_OUT', async () => {
    const email = uniqueEmail('events');
    await authClient(server()).auth.signUp({ email, password: PASSWORD });
    const supabase = authClient(server());
    const events: AuthChangeEvent[] = [];
    const { data: sub } = supabase.auth.onAuthStateChange((event) => {
      events.push(event);
    });
    await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    await supabase.auth.refreshSession();
    await supabase.auth.updateUser({ data: { nickname: 'asha' } });
    await supabase.auth.signOut();
    await new Promise((r) => setTimeout(r, 50));
    sub.subscription.unsubscribe();
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED', 'SIGNED_OUT']);
  });

  describe('hostile input on /user', () => {
    const userUrl = () => `${server().url}/auth/v1/user`;
    const put = (token: string, body: string, extra: Record<string, string> = {}) =>
      fetch(userUrl(), {
        method: 'PUT',
        headers: {
          apikey: server().anonKey,
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'X-Supabase-Api-Version': '2024-01-01',
          ...extra,
        },
        body,
      });

    it('refuses malformed, expired, foreign-secret, unsigned and subject-less tokens, changing nothing', async () => {
      const { session, user } = await signedIn(server());
      const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString());
      const now = Math.floor(Date.now() / 1000);
      const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${session.access_token.split('.')[1]}.`;
      const cases: [string, string, number, string][] = [
        ['not a jwt', 'garbage', 403, 'token is malformed'],
        ['three bad parts', 'a.b.c', 403, 'token is malformed'],
        ['expired', mintJwt(server().jwtSecret, { ...claims, exp: now - 10 }), 403, 'token is expired'],
        [
          'foreign secret',
          mintJwt('another-secret-another-secret-another-secret', { ...claims }),
          403,
          'signature is invalid',
        ],
        // GoTrue's parser has valid methods (HS256 and the signing key's): golang-jwt refuses others first
        ['alg none', unsigned, 403, 'signing method none is invalid'],
        [
          'tampered claims',
          `${session.access_token.split('.')[0]}.${Buffer.from(JSON.stringify({ ...claims, role: 'service_role' })).toString('base64url')}.${session.access_token.split('.')[2]}`,
          403,
          'signature is invalid',
        ],
        ['anon key (no subject)', server().anonKey, 403, 'missing sub claim'],
        [
          'subject not a uuid',
          mintJwt(server().jwtSecret, { ...claims, sub: 'admin' }),
          400,
          'sub claim must be a UUID',
        ],
        [
          'unknown user',
          mintJwt(server().jwtSecret, { ...claims, sub: '00000000-0000-4000-8000-000000000001' }),
          403,
          'does not exist',
        ],
      ];
      const before = (
        await server().db.query<{ updated_at: Date }>('select updated_at from auth.users where id = $1', [
          user.id,
        ])
      ).rows[0]!;
      for (const [name, token, status, message] of cases) {
        const get = await fetch(userUrl(), {
          headers: {
            apikey: server().anonKey,
            Authorization: `Bearer ${token}`,
            'X-Supabase-Api-Version': '2024-01-01',
          },
        });
        expect(get.status, name).toBe(status);
        const body = (await get.json()) as { code: string; message: string };
        expect(body.message, name).toContain(message);
        expect(['bad_jwt', 'user_not_found'], name).toContain(body.code);
        const r = await put(token, JSON.stringify({ data: { hacked: true }, password: 'new-password-1' }));
        expect(r.status, name).toBe(status);
      }
      const after = (
        await server().db.query<{ updated_at: Date; raw_user_meta_data: Record<string, unknown> }>(
          'select updated_at, raw_user_meta_data from auth.users where id = $1',
          [user.id],
        )
      ).rows[0]!;
      expect(after.updated_at).toEqual(before.updated_at);
      expect(after.raw_user_meta_data.hacked).toBeUndefined();
      const noAuth = await fetch(userUrl(), { headers: { 'X-Supabase-Api-Version': '2024-01-01' } });
      expect(noAuth.status).toBe(401);
    });

    it('refuses oversize and malformed bodies with a 4xx and writes nothing', async () => {
      const { session, user } = await signedIn(server());
      const big = JSON.stringify({ data: { blob: 'x'.repeat(2 * 1024 * 1024) } });
      const r = await put(session.access_token, big);
      expect(r.status).toBe(413);
      expect(await r.json()).toEqual({
        code: 'request_entity_too_large',
        message: 'Request body too large (max 1048576 bytes)',
      });
      const bad = await put(session.access_token, '{"data": ');
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { code: string }).code).toBe('bad_json');
      const wrongType = await put(session.access_token, '{"email": 42}');
      expect(wrongType.status).toBe(400);
      const appMeta = await put(session.access_token, '{"app_metadata": {"role": "admin"}}');
      expect(appMeta.status).toBe(403);
      expect(((await appMeta.json()) as { code: string }).code).toBe('not_admin');
      const signupBig = await fetch(`${server().url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: server().anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: uniqueEmail('big'),
          password: PASSWORD,
          data: { blob: 'y'.repeat(1_100_000) },
        }),
      });
      expect(signupBig.status).toBe(413);
      const { rows } = await server().db.query<{
        raw_user_meta_data: Record<string, unknown>;
        raw_app_meta_data: Record<string, unknown>;
      }>('select raw_user_meta_data, raw_app_meta_data from auth.users where id = $1', [user.id]);
      expect(rows[0]!.raw_user_meta_data.blob).toBeUndefined();
      expect(rows[0]!.raw_app_meta_data.role).toBeUndefined();
      expect(
        (await server().db.query(`select 1 from auth.users where raw_user_meta_data ? 'blob'`)).rows,
      ).toHaveLength(0);
    });
  });

  it('updateUser changes the password (other sessions end) and merges metadata', async () => {
    const { supabase, email, user } = await signedIn(server());
    const other = authClient(server());
    await other.auth.signInWithPassword({ email, password: PASSWORD });
    const same = await supabase.auth.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const weak = await supabase.auth.updateUser({ password: 'short' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
    const { data, error } = await supabase.auth.updateUser({
      password: 'brand-new-pass-2',
      data: { city: 'Pune' },
    });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toMatchObject({ city: 'Pune', email });
    await supabase.auth.updateUser({ data: { city: null, pin: '411001' } });
    const { data: now } = await supabase.auth.getUser();
    expect(now.user!.user_metadata.city).toBeUndefined();
    expect(now.user!.user_metadata.pin).toBe('411001');
    const { rows } = await server().db.query('select 1 from auth.sessions where user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(
      (await authClient(server()).auth.signInWithPassword({ email, password: PASSWORD })).error,
    ).toMatchObject({ code: 'invalid_credentials' });
    expect(
      (await authClient(server()).auth.signInWithPassword({ email, password: 'brand-new-pass-2' })).error,
    ).toBeNull();
  });
});
