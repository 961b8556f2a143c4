/**
 * pnpm admin:create: creates an account through Auth's admin API, or takes an existing one, and makes
 * it a store owner (a public.staff_members row, written through REST with the service role; issue
 * 21): signed in, staff_access() says owner. The role cannot be taken before it is given: an unconfirmed account is never promoted, and the
 * staff member always sets a new password (given, typed, or through the mailed recovery link), so no
 * earlier password and no earlier session survive. Confirmations are on, as in supabase/config.toml.
 */
import { expect, it } from 'vitest';
import { AdminCreateError, createAdmin, summary } from '../../scripts/admin-create.ts';
import {
  adminClient,
  authClient,
  followRedirects,
  forEachAuthServer,
  fragmentParams,
  latestMail,
  mailTo,
  type TestServer,
  uniqueEmail,
} from 'supabase-local/testing';
import { STORE_PATHS } from './support/store.ts';

const SET_PASSWORD = 'http://127.0.0.1:3000/admin/set-password';
const SHOPPER_PASSWORD = 'Shopper-pass1';

const never = async (): Promise<string> => {
  throw new Error('should not ask for a password');
};

/** The account's staff roles as the database keeps them, or null when it is not staff. */
async function rolesOf(s: TestServer, id: string): Promise<string | null> {
  const { rows } = await s.db.query<{ roles: string }>(
    'select roles::text from public.staff_members where user_id = $1',
    [id],
  );
  return rows[0]?.roles ?? null;
}

/** Signed in with this password, the database sees an owner (staff_access, as the admin asks). */
async function expectOwnerSignIn(s: TestServer, email: string, password: string) {
  const client = authClient(s);
  const { error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  const access = await client.rpc('staff_access');
  expect(access.error).toBeNull();
  expect(access.data).toMatchObject({ email, roles: ['owner'] });
}
const target = (s: TestServer) => ({ url: s.url, serviceRoleKey: s.serviceRoleKey });

/** A shopper who signed up and confirmed the address through the mailed code, and is signed in. */
async function confirmedShopper(s: TestServer, email: string) {
  const signUp = await authClient(s).auth.signUp({ email, password: SHOPPER_PASSWORD });
  expect(signUp.error).toBeNull();
  const mail = await latestMail(s, email, 'signup');
  const shopper = authClient(s);
  const verified = await shopper.auth.verifyOtp({ email, token: mail.otp!, type: 'email' });
  expect(verified.error).toBeNull();
  return { id: signUp.data.user!.id, shopper };
}

/** Follows the recovery link admin:create mailed, as the set-password page would, and sets a password. */
async function setPasswordThroughMail(s: TestServer, email: string, password: string) {
  const mail = await latestMail(s, email, 'recovery');
  expect(mail.redirect_to).toBe(SET_PASSWORD);
  const back = await followRedirects(mail.action_url!, {
    stopAt: (u) => !u.pathname.startsWith('/auth/v1'),
  });
  expect(back.url.startsWith(SET_PASSWORD)).toBe(true);
  const f = fragmentParams(back.url);
  expect(f.get('type')).toBe('recovery');
  const staff = authClient(s);
  const session = await staff.auth.setSession({
    access_token: f.get('access_token')!,
    refresh_token: f.get('refresh_token')!,
  });
  expect(session.error).toBeNull();
  expect((await staff.auth.updateUser({ password })).error).toBeNull();
}

forEachAuthServer(
  'pnpm admin:create',
  {
    auth: { email: { enable_confirmations: true, secure_password_change: true } },
    migrationsDir: STORE_PATHS.migrationsDir,
  },
  ({ server, clock }) => {
    it('creates a confirmed account that is a store owner (staff_members), not a JWT claim', async () => {
      const s = server();
      const email = uniqueEmail('staff');
      const r = await createAdmin(target(s), email, { given: 'Str0ng-pass!', ask: never });
      expect(r).toMatchObject({ created: true, password: 'set' });
      expect(summary(email, r)).toContain(`Created the store owner ${email}.`);
      expect(await rolesOf(s, r.id)).toBe('{owner}');
      await expectOwnerSignIn(s, email, 'Str0ng-pass!');
      const { data } = await adminClient(s).auth.admin.getUserById(r.id);
      expect(data.user?.app_metadata['role']).toBeUndefined();
      expect(await mailTo(s, email)).toEqual([]);
    });

    it('an existing staff member run again becomes an owner (the roles are replaced, one row)', async () => {
      const s = server();
      const email = uniqueEmail('catalog');
      const first = await createAdmin(target(s), email, { given: 'Str0ng-pass!', ask: never });
      await s.db.query(`update public.staff_members set roles = '{catalog}' where user_id = $1`, [first.id]);
      const again = await createAdmin(target(s), email, { given: 'Str0ng-pass-2!', ask: never });
      expect(again).toMatchObject({ created: false, id: first.id });
      expect(await rolesOf(s, first.id)).toBe('{owner}');
      await expectOwnerSignIn(s, email, 'Str0ng-pass-2!');
    });

    it('without a password or a terminal, mails a link to the set-password page; nobody knows the password until then', async () => {
      const s = server();
      const email = uniqueEmail('mailed');
      const r = await createAdmin(target(s), email, { setPasswordUrl: SET_PASSWORD });
      expect(r).toMatchObject({ created: true, password: 'mailed' });
      expect(summary(email, r)).toContain(`A link to set the password was mailed to ${email}`);
      expect(await rolesOf(s, r.id)).toBe('{owner}');
      await setPasswordThroughMail(s, email, 'Chosen-pass-2026');
      await expectOwnerSignIn(s, email, 'Chosen-pass-2026');
    });

    it('promotes a confirmed shopper only with a new password: the old one and the old sessions stop working', async () => {
      const s = server();
      const email = uniqueEmail('priya');
      const { id, shopper } = await confirmedShopper(s, email);
      const r = await createAdmin(target(s), email, { given: 'Staff-pass-2026!', ask: never });
      expect(r).toEqual({ created: false, id, password: 'set' });
      expect(summary(email, r)).toContain(
        'Its sessions were signed out and the earlier password no longer works.',
      );

      const old = await authClient(s).auth.signInWithPassword({ email, password: SHOPPER_PASSWORD });
      expect(old.error).toMatchObject({ code: 'invalid_credentials' });
      // the shopper's session was signed out: its refresh token no longer works
      clock.advance(11); // past the refresh-token reuse interval
      expect((await shopper.auth.refreshSession()).error).toMatchObject({ code: 'refresh_token_not_found' });

      await expectOwnerSignIn(s, email, 'Staff-pass-2026!');
      expect(await rolesOf(s, id)).toBe('{owner}');
    });

    it('promoting without a password mails the link, and the earlier password is already gone', async () => {
      const s = server();
      const email = uniqueEmail('squatter');
      const { id } = await confirmedShopper(s, email);
      clock.advance(2); // max_frequency between two mails to one address
      const r = await createAdmin(target(s), email, { setPasswordUrl: SET_PASSWORD });
      expect(r).toEqual({ created: false, id, password: 'mailed' });
      const old = await authClient(s).auth.signInWithPassword({ email, password: SHOPPER_PASSWORD });
      expect(old.error).toMatchObject({ code: 'invalid_credentials' });
      await setPasswordThroughMail(s, email, 'Owner-pass-2026');
      await expectOwnerSignIn(s, email, 'Owner-pass-2026');
    });

    it('refuses to promote an account whose address is not confirmed, and changes nothing', async () => {
      const s = server();
      const email = uniqueEmail('unconfirmed');
      const signUp = await authClient(s).auth.signUp({ email, password: SHOPPER_PASSWORD });
      expect(signUp.data.session).toBeNull();
      const before = await s.db.query<{ encrypted_password: string }>(
        'select encrypted_password from auth.users where id = $1',
        [signUp.data.user!.id],
      );
      await expect(createAdmin(target(s), email, { given: 'Staff-pass-2026!', ask: never })).rejects.toThrow(
        /address is not confirmed.*it is not made staff/,
      );
      expect(await rolesOf(s, signUp.data.user!.id)).toBeNull();
      const after = await s.db.query<{ encrypted_password: string }>(
        'select encrypted_password from auth.users where id = $1',
        [signUp.data.user!.id],
      );
      expect(after.rows[0]!.encrypted_password).toBe(before.rows[0]!.encrypted_password);
    });

    it('refuses a weak password and a non-service key, creating nothing', async () => {
      const s = server();
      await expect(
        createAdmin(target(s), 'weak@furnicraft.test', { given: 'short', ask: never }),
      ).rejects.toThrow(AdminCreateError);
      await expect(
        createAdmin({ url: s.url, serviceRoleKey: s.anonKey }, 'anon@furnicraft.test', {
          given: 'Str0ng-pass!',
          ask: never,
        }),
      ).rejects.toThrow(/403|401/);
      const { data } = await adminClient(s).auth.admin.listUsers();
      expect(data.users.map((u) => u.email)).not.toContain('weak@furnicraft.test');
      expect(data.users.map((u) => u.email)).not.toContain('anon@furnicraft.test');
    });
  },
);
