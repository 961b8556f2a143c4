import { Constants, type Database, type Json } from 'shared/types/database';

/**
 * What the console lets a staff member see and do (react-admin's `canAccess`), from the database's
 * own answer: `staff_access()` gives the caller's roles and permissions, read from the same tables
 * the policies read (role_permissions). This only shapes the UI: every write is checked again by
 * private.authorize() in the database, so a hidden button is a courtesy, never the guard.
 */
export type StaffRole = Database['public']['Enums']['staff_role'];

export interface StaffAccess {
  userId: string;
  email: string;
  roles: StaffRole[];
  permissions: string[];
}

const ROLES: readonly string[] = Constants.public.Enums.staff_role;
const isRole = (v: unknown): v is StaffRole => typeof v === 'string' && ROLES.includes(v);

/** staff_access()'s JSON, checked; null for anyone who is not live staff. */
export function parseStaffAccess(json: Json | null): StaffAccess | null {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return null;
  const { user_id, email, roles, permissions } = json;
  if (typeof user_id !== 'string' || typeof email !== 'string') return null;
  if (!Array.isArray(roles) || !roles.every(isRole) || roles.length === 0) return null;
  if (!Array.isArray(permissions)) return null;
  return {
    userId: user_id,
    email,
    roles,
    permissions: permissions.filter((p): p is string => typeof p === 'string'),
  };
}

/** Actions that only read: every staff role may, except where READ_NEEDS says otherwise. */
const READS = new Set(['list', 'show', 'export', 'read']);

/** Resources whose reading needs a permission too. */
const READ_NEEDS: Record<string, string> = {
  audit_log: 'audit.read',
  staff_members: 'staff.manage',
};

/**
 * The permission each resource's writes need (create, edit, delete, and the console's own
 * actions), as supabase/migrations/20261129100000_create_staff_roles.sql maps tables and RPCs.
 * `resource.action` entries are the console's actions that need another permission than the
 * resource's writes (an order's refund is finance's, not support's).
 */
const WRITE_NEEDS: Record<string, string> = {
  products: 'catalog.write',
  product_options: 'catalog.write',
  categories: 'catalog.write',
  attributes: 'catalog.write',
  attribute_values: 'catalog.write',
  product_variants: 'catalog.write',
  'product_variants.adjust': 'stock.write',
  stock_movements: 'stock.write',
  orders: 'orders.write',
  'orders.refund': 'refunds.write',
  'orders.credit_note': 'invoices.write',
  refunds: 'refunds.write',
  credit_notes: 'invoices.write',
  invoices: 'invoices.write',
  'gst.export': 'exports.read',
  returns: 'returns.write',
  'returns.refund': 'refunds.write',
  reviews: 'reviews.write',
  contact_messages: 'messages.write',
  promo_codes: 'promotions.write',
  store_settings: 'settings.write',
  delivery_zones: 'settings.write',
  pincodes: 'settings.write',
  delivery_holidays: 'settings.write',
  tax_rates: 'settings.write',
  return_reasons: 'settings.write',
  staff_members: 'staff.manage',
  audit_log: 'audit.write.never',
  profiles: 'customers.write.never',
};

/** The permission an action on a resource needs, or null when any staff member may. */
export function permissionFor(resource: string, action: string): string | null {
  const special = WRITE_NEEDS[`${resource}.${action}`];
  if (special) return special;
  if (READS.has(action)) return READ_NEEDS[resource] ?? null;
  // Unknown resources and actions are writes nobody was granted: refused, never allowed by default.
  return WRITE_NEEDS[resource] ?? 'unknown.write';
}

export function allows(access: StaffAccess | null, resource: string, action: string): boolean {
  if (!access) return false;
  const needed = permissionFor(resource, action);
  return needed === null || access.permissions.includes(needed);
}

/** The roles as the console names them. */
export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  catalog: 'Catalog',
  support: 'Support',
  finance: 'Finance',
  viewer: 'Viewer',
};
