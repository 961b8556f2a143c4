import type { StaffRole } from 'shared/staff/invite';
import type { Row } from '@/lib/database';
import { AdminError, toAdminError } from '@/lib/errors';
import { functionError } from '@/lib/providers';
import { supabase } from '@/lib/supabase';

/** What the staff-invite function answers: the member, and whether a new account was invited. */
export interface InvitedStaff {
  user_id: string;
  email: string;
  roles: Row<'staff_members'>['roles'];
  /** false: the address already had an account, which was made staff as it is (no mail) */
  invited: boolean;
}

/**
 * Managing staff (owners: staff.manage). The database decides every change: nobody changes or
 * removes their own roles, and the store keeps an owner; its refusals come back as AdminErrors with
 * its own words (lib/errors.ts).
 */
export const staffApi = {
  /** The staff-invite function: Auth's invite mail (link to /admin/set-password), then the roles. */
  invite: async (email: string, roles: StaffRole[]): Promise<InvitedStaff> => {
    const { data, error } = await supabase.functions.invoke<InvitedStaff>('staff-invite', {
      body: { email, roles },
    });
    if (error) throw toAdminError(await functionError(error));
    if (!data)
      throw new AdminError('The invitation could not be sent. Please try again.', 'unavailable', '', 0);
    return data;
  },
  /** admin_set_staff_roles: the member's whole set of roles. */
  setRoles: async (userId: string, roles: StaffRole[]) => {
    const { data, error } = await supabase.rpc('admin_set_staff_roles', { user_id: userId, roles });
    if (error) throw toAdminError(error);
    return data;
  },
  /** admin_remove_staff: the member's access ends with their next request. */
  remove: async (userId: string): Promise<void> => {
    const { error } = await supabase.rpc('admin_remove_staff', { user_id: userId });
    if (error) throw toAdminError(error);
  },
};
