/**
 * What an owner sends to invite a staff member (the admin's Invite dialog and the staff-invite Edge
 * Function read it the same way): an e-mail address and at least one role. Plain TypeScript, no zod,
 * so the Deno function imports it as it is. The database decides again (admin_set_staff_roles: the
 * caller may manage staff, never their own roles, the last owner stays).
 */
import { Constants, type Database } from '../types/database.ts';

export type StaffRole = Database['public']['Enums']['staff_role'];

/** The roles in the order the admin lists them (the enum's order: owner first). */
export const STAFF_ROLES: readonly StaffRole[] = Constants.public.Enums.staff_role;

/** What each role may do, in staff's words (the permissions are in public.role_permissions). */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner — everything, including staff, settings and GST',
  catalog: 'Catalog — products, variants, attributes, stock',
  support: 'Support — orders, messages, returns, reviews',
  finance: 'Finance — refunds, invoices, credit notes, exports',
  viewer: 'Viewer — read only',
};

export interface StaffInvite {
  email: string;
  roles: StaffRole[];
}

export const EMAIL_PROBLEM = 'Enter a valid e-mail address.';
export const ROLES_PROBLEM = 'Choose at least one role.';

// GoTrue's address check (checkmail.ValidateFormat), so what passes here Auth accepts too
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

const isRole = (v: unknown): v is StaffRole =>
  typeof v === 'string' && (STAFF_ROLES as readonly string[]).includes(v);

/** An address as Auth keeps it (trimmed, lower-cased), or the problem with it. */
export function inviteEmailProblem(email: string): string | null {
  const e = email.trim();
  return e.length <= 255 && EMAIL.test(e) ? null : EMAIL_PROBLEM;
}

/** The invite in a request body, or the first problem with it (the function answers 400 with it). */
export function parseStaffInvite(
  body: unknown,
): { ok: true; value: StaffInvite } | { ok: false; message: string } {
  const get = (k: string): unknown =>
    typeof body === 'object' && body !== null && !Array.isArray(body) ? Reflect.get(body, k) : undefined;
  const email = get('email');
  if (typeof email !== 'string' || inviteEmailProblem(email)) return { ok: false, message: EMAIL_PROBLEM };
  const roles = get('roles');
  if (!Array.isArray(roles) || roles.length === 0) return { ok: false, message: ROLES_PROBLEM };
  const unknown = roles.find((r) => !isRole(r));
  if (unknown !== undefined) return { ok: false, message: `Unknown role: ${JSON.stringify(unknown)}.` };
  const chosen = STAFF_ROLES.filter((r) => roles.includes(r));
  return { ok: true, value: { email: email.trim().toLowerCase(), roles: chosen } };
}
