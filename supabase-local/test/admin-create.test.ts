/** pnpm admin:create: creates or promotes a staff user through Auth's admin API; the role lands in the JWT. */
import { expect, it } from 'vitest';
import { AdminCreateError, createAdmin } from '../src/admin-create.ts';
import { adminClient, authClient, forEachAuthServer } from './support/auth-server.ts';

const never = async (): Promise<string> => {
  throw new Error('should not ask for a password');
};

forEachAuthServer('pnpm admin:create', {}, ({ server }) => {
  it('creates a confirmed staff account whose JWT carries app_metadata.role = admin', async () => {
    const s = server();
    const target = { url: s.url, serviceRoleKey: s.serviceRoleKey };
    const r = await createAdmin(target, 'staff@furnicraft.test', { given: 'Str0ng-pass!', ask: never });
    expect(r.created).toBe(true);
    const client = authClient(s);
    const { data, error } = await client.auth.signInWithPassword({
      email: 'staff@furnicraft.test',
      password: 'Str0ng-pass!',
    });
    expect(error).toBeNull();
    expect(data.user?.app_metadata['role']).toBe('admin');
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims.app_metadata.role).toBe('admin');
  });

  it('promotes an existing shopper without touching their password', async () => {
    const s = server();
    const shopper = authClient(s);
    const signUp = await shopper.auth.signUp({ email: 'priya@furnicraft.test', password: 'Shopper-pass1' });
    expect(signUp.error).toBeNull();
    const r = await createAdmin({ url: s.url, serviceRoleKey: s.serviceRoleKey }, 'priya@furnicraft.test', {
      ask: never,
    });
    expect(r).toEqual({ created: false, id: signUp.data.user!.id });
    const again = await authClient(s).auth.signInWithPassword({
      email: 'priya@furnicraft.test',
      password: 'Shopper-pass1',
    });
    expect(again.data.user?.app_metadata['role']).toBe('admin');
    const { data } = await adminClient(s).auth.admin.getUserById(r.id);
    expect(data.user?.app_metadata['role']).toBe('admin');
  });

  it('refuses a weak password and a non-service key, creating nothing', async () => {
    const s = server();
    await expect(
      createAdmin({ url: s.url, serviceRoleKey: s.serviceRoleKey }, 'weak@furnicraft.test', {
        given: 'short',
        ask: never,
      }),
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
});
