/**
 * The staff-invite Edge Function (issue 21), over HTTP on PGlite (and PostgreSQL when DATABASE_URL
 * is set), under real Deno: an owner invites an address with roles → the invite mail is in the
 * mailbox → its link lands on /admin/set-password with a session → the person sets a password,
 * signs in, and staff_access() shows the roles. An address with a confirmed account is made staff
 * as it is (no mail); one registered but never confirmed loses its password before the invite. Refused, with nothing left behind: a support member (403), a viewer (403), an
 * owner whose sign-in is 9 hours old (403 from the database; the account the invite made is gone
 * again), the owner's own address (403, own roles), a malformed address or no role (400), no
 * session (401).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from 'supabase-local';
import {
  authClient,
  followRedirects,
  forEachServer,
  fragmentParams,
  latestMail,
  mailTo,
  uniqueEmail,
  type TestServer,
} from 'supabase-local/testing';
import { postFunction } from './support/functions.ts';
import { accessToken, addPeople, PEOPLE, STORE_PATHS, type Person } from './support/store.ts';

const config = loadConfig();
const SITE = 'http://127.0.0.1:3000';
const PASSWORD = 'new-staff-pass-42';

forEachServer(
  'staff-invite: owners invite staff by e-mail',
  { migrationsDir: STORE_PATHS.migrationsDir, seedPaths: STORE_PATHS.seedPaths, config },
  ({ server }) => {
    let s: TestServer;
    beforeAll(async () => {
      s = server();
      await addPeople(s.db);
    });

    const invite = (body: unknown, person?: Person) =>
      postFunction(s, 'staff-invite', body, person ? accessToken(s, person) : undefined, { Origin: SITE });
    const accountOf = async (email: string) =>
      (await s.db.query<{ id: string }>('select id::text from auth.users where lower(email) = $1', [email]))
        .rows[0]?.id ?? null;
    const rolesOf = async (userId: string) =>
      (
        await s.db.query<{ roles: string }>(
          'select roles::text from public.staff_members where user_id = $1',
          [userId],
        )
      ).rows[0]?.roles ?? null;

    it('an owner invites a catalog member: the mailed link sets a password, and they sign in as catalog staff', async () => {
      const email = uniqueEmail('priya');
      const r = await invite({ email: email.toUpperCase(), roles: ['catalog'] }, PEOPLE.admin);
      expect(r.status).toBe(200);
      const body = (await r.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ email, roles: ['catalog'], invited: true });

      const mail = await latestMail(s, email, 'invite');
      expect(mail.redirect_to).toBe(`${SITE}/admin/set-password`);
      // the store's invite template (config.toml [auth.email.template.invite])
      expect(mail.subject).toBe('You are invited to the FurniCraft admin');
      expect(mail.html).toContain('Join the FurniCraft staff');
      const landed = await followRedirects(mail.action_url!, { stopAt: (u) => u.origin === SITE });
      const back = new URL(landed.url);
      expect(back.pathname).toBe('/admin/set-password');
      const f = fragmentParams(landed.url);
      expect(f.get('type')).toBe('invite');

      const invitee = authClient(s);
      expect(
        (
          await invitee.auth.setSession({
            access_token: f.get('access_token')!,
            refresh_token: f.get('refresh_token')!,
          })
        ).error,
      ).toBeNull();
      expect((await invitee.auth.updateUser({ password: PASSWORD })).error).toBeNull();

      const member = authClient(s);
      const signIn = await member.auth.signInWithPassword({ email, password: PASSWORD });
      expect(signIn.error).toBeNull();
      expect(signIn.data.user!.id).toBe(body['user_id']);
      const access = await member.rpc('staff_access');
      expect(access.error).toBeNull();
      expect(access.data).toMatchObject({ email, roles: ['catalog'] });
      expect((access.data as { permissions: string[] }).permissions).toEqual([
        'catalog.write',
        'stock.write',
      ]);
    });

    it('an address with a confirmed account is made staff as it is: no mail, invited false', async () => {
      const r = await invite({ email: PEOPLE.customerB.email, roles: ['support', 'finance'] }, PEOPLE.admin);
      expect(r.status).toBe(200);
      expect(await r.json()).toMatchObject({
        user_id: PEOPLE.customerB.id,
        roles: ['support', 'finance'],
        invited: false,
      });
      expect(await mailTo(s, PEOPLE.customerB.email)).toHaveLength(0);
      expect(await rolesOf(PEOPLE.customerB.id)).toBe('{support,finance}');
    });

    it('an address someone registered without confirming keeps no earlier password: only the invite link works', async () => {
      const email = uniqueEmail('squatted');
      const squatter = await authClient(s).auth.signUp({ email, password: 'squatter-pass-1' });
      expect(squatter.data.session).toBeNull();
      const r = await invite({ email, roles: ['support'] }, PEOPLE.admin);
      expect(r.status).toBe(200);
      expect(await r.json()).toMatchObject({ user_id: squatter.data.user!.id, invited: true });
      // the sign-up's confirmation link died with the old password
      const signup = await latestMail(s, email, 'signup');
      const stale = await followRedirects(signup.action_url!, { stopAt: (u) => u.origin === SITE });
      expect(fragmentParams(stale.url).get('error_code')).toBe('otp_expired');
      const mail = await latestMail(s, email, 'invite');
      const landed = await followRedirects(mail.action_url!, { stopAt: (u) => u.origin === SITE });
      expect(fragmentParams(landed.url).get('type')).toBe('invite');
      const old = await authClient(s).auth.signInWithPassword({ email, password: 'squatter-pass-1' });
      expect(old.error).toMatchObject({ code: 'invalid_credentials' });
    });

    it.each([
      ['a support member', PEOPLE.supportStaff],
      ['a viewer', PEOPLE.viewerStaff],
      ['a customer', PEOPLE.customerA],
    ])('%s gets 403 and nobody is invited', async (_who, person) => {
      const email = uniqueEmail('nope');
      const r = await invite({ email, roles: ['owner'] }, person);
      expect(r.status).toBe(403);
      expect(await r.json()).toEqual({
        message: 'Only an owner can invite staff.',
        code: '42501',
        details: 'missing_permission',
      });
      expect(await accountOf(email)).toBeNull();
      expect(await mailTo(s, email)).toHaveLength(0);
    });

    it("an owner signed in 9 hours ago is refused by the database, and the invite's account is deleted again", async () => {
      const email = uniqueEmail('late');
      const r = await invite({ email, roles: ['catalog'] }, PEOPLE.staleAdmin);
      expect(r.status).toBe(403);
      expect(await r.json()).toEqual({
        message: 'Your admin session has expired. Please sign in again.',
        code: '42501',
        details: 'admin_session_expired',
      });
      expect(await accountOf(email)).toBeNull();
    });

    it('an owner cannot invite themselves (their own roles)', async () => {
      const r = await invite({ email: PEOPLE.admin.email, roles: ['viewer'] }, PEOPLE.admin);
      expect(r.status).toBe(403);
      expect(await r.json()).toEqual({
        message: 'You cannot change your own roles. Ask another owner.',
        code: '42501',
        details: 'own_roles',
      });
      expect(await rolesOf(PEOPLE.admin.id)).toBe('{owner}');
    });

    it.each([
      [{ email: 'not-an-address', roles: ['catalog'] }, 'Enter a valid e-mail address.'],
      [{ email: 'someone@example.in', roles: [] }, 'Choose at least one role.'],
      [{ email: 'someone@example.in', roles: ['admin'] }, 'Unknown role: "admin".'],
      ['{not json', 'Enter a valid e-mail address.'],
    ])('a bad body %j is 400 with what is wrong', async (body, message) => {
      const r = await invite(body, PEOPLE.admin);
      expect(r.status).toBe(400);
      expect(await r.json()).toEqual({ message });
      expect(await accountOf('someone@example.in')).toBeNull();
    });

    it('no session (the anon key) is 401', async () => {
      const r = await invite({ email: uniqueEmail('anon'), roles: ['catalog'] });
      expect(r.status).toBe(401);
      expect(await r.json()).toEqual({ message: 'Invalid JWT.' }); // the gateway's anon key is no session
    });
  },
);

describe('staff-invite is registered like the other functions', () => {
  it('config.toml turns the platform check off for it (the function verifies the caller)', () => {
    expect(config.functions['staff-invite']).toMatchObject({ verify_jwt: false });
  });
});
