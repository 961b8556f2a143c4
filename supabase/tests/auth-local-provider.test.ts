/**
 * The attack of issue 12 on the store as shipped (its migrations, seed and supabase/config.toml):
 * typing the staff address on supabase-local's local Google/GitHub provider page gives no session,
 * and the admin dashboard stays closed to everyone but the staff member's own password sign-in.
 * (supabase-local/test/auth-local-provider.test.ts has the provider page's rules themselves.)
 */
import { loadConfig } from 'supabase-local';
import {
  adminClient,
  authClient,
  chooseOnLocalProvider,
  forEachServer,
  identitiesOf,
  openLocalProviderPage,
  uniqueEmail,
} from 'supabase-local/testing';
import { expect, it } from 'vitest';
import { makeStaff } from './support/staff.ts';
import { STORE_PATHS } from './support/store.ts';

forEachServer(
  'auth: the local provider and the staff account (store config)',
  { migrationsDir: STORE_PATHS.migrationsDir, seedPaths: STORE_PATHS.seedPaths, config: loadConfig() },
  ({ server }) => {
    it('typing the staff address on the local provider page gives no session; the dashboard stays closed', async () => {
      const s = server();
      const staff = uniqueEmail('staff');
      const made = await adminClient(s).auth.admin.createUser({
        email: staff,
        password: 'Staff-pass-2026!',
        email_confirm: true,
      });
      expect(made.error).toBeNull();
      await makeStaff(s, { id: made.data.user!.id, email: staff }, ['owner']);

      const answer = await chooseOnLocalProvider(s, await openLocalProviderPage(s, 'google'), staff);
      expect(answer.status).toBe(403);
      expect(answer.headers.get('location')).toBeNull();
      // Staff are rows of staff_members (issue 21), which supabase-local cannot see: the account is
      // refused because it has a password, as every staff account made by admin:create or the invite has.
      expect(await answer.text()).toContain('The local provider does not link to it or sign in to it');
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
