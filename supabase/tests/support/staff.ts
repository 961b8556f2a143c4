/**
 * Staff as the store keeps them since issue 21: a row of public.staff_members (user id, e-mail,
 * roles), not a claim in the JWT. Owners write it through admin_set_staff_roles; tests and
 * `pnpm admin:create` write it with the service role through REST, as done here.
 */
import type { TestServer } from 'supabase-local/testing';
import { expect } from 'vitest';
import type { Database } from '../../../shared/src/types/database.ts';
import { serviceClient } from './store.ts';

export type StaffRole = Database['public']['Enums']['staff_role'];

/** Makes an existing account staff with these roles (or changes its roles), as the service role. */
export async function makeStaff(
  s: TestServer,
  user: { id: string; email: string },
  roles: StaffRole[] = ['owner'],
): Promise<void> {
  const { error } = await serviceClient(s)
    .from('staff_members')
    .upsert({ user_id: user.id, email: user.email, roles, updated_at: new Date().toISOString() });
  expect(error).toBeNull();
}

/** Ends an account's staff rights, as the service role (owners use admin_remove_staff). */
export async function removeStaff(s: TestServer, userId: string): Promise<void> {
  const { error } = await serviceClient(s).from('staff_members').delete().eq('user_id', userId);
  expect(error).toBeNull();
}

/** A confirmed account made through Auth's admin API with a password, then made staff. */
export async function createStaffUser(
  s: TestServer,
  email: string,
  password: string,
  roles: StaffRole[] = ['owner'],
): Promise<{ id: string; email: string }> {
  const { data, error } = await serviceClient(s).auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  });
  expect(error).toBeNull();
  const user = { id: data.user!.id, email };
  await makeStaff(s, user, roles);
  return user;
}
