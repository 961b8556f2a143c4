import { describe, expect, it } from 'vitest';
import { allows, parseStaffAccess, permissionFor, type StaffAccess } from '@/lib/access';

/** What staff_access() answers for each role (role_permissions in the staff roles migration). */
const as = (roles: StaffAccess['roles'], permissions: string[]): StaffAccess => ({
  userId: 'u',
  email: 'u@example.in',
  roles,
  permissions,
});
const support = as(['support'], ['messages.write', 'orders.write', 'returns.write', 'reviews.write']);
const catalog = as(['catalog'], ['catalog.write', 'stock.write']);
const finance = as(['finance'], ['exports.read', 'invoices.write', 'refunds.write']);
const viewer = as(['viewer'], []);

describe('parseStaffAccess', () => {
  it('reads staff_access() and refuses anything else', () => {
    expect(
      parseStaffAccess({ user_id: 'u', email: 'e@x.in', roles: ['owner'], permissions: ['staff.manage'] }),
    ).toEqual({ userId: 'u', email: 'e@x.in', roles: ['owner'], permissions: ['staff.manage'] });
    expect(parseStaffAccess(null)).toBeNull();
    expect(parseStaffAccess({ user_id: 'u', email: 'e', roles: ['admin'], permissions: [] })).toBeNull();
    expect(parseStaffAccess({ user_id: 'u', email: 'e', roles: [], permissions: [] })).toBeNull();
    expect(parseStaffAccess([])).toBeNull();
  });
});

describe('allows', () => {
  it('lets every role read the store, and no one who is not staff', () => {
    for (const who of [support, catalog, finance, viewer]) {
      expect(allows(who, 'orders', 'list')).toBe(true);
      expect(allows(who, 'products', 'show')).toBe(true);
    }
    expect(allows(null, 'orders', 'list')).toBe(false);
  });

  it('hides product edits from support, finance and viewers', () => {
    expect(allows(catalog, 'products', 'edit')).toBe(true);
    for (const who of [support, finance, viewer]) expect(allows(who, 'products', 'edit')).toBe(false);
  });

  it('gives refunds to finance, order statuses to support, stock to catalog', () => {
    expect(allows(finance, 'orders', 'refund')).toBe(true);
    expect(allows(support, 'orders', 'refund')).toBe(false);
    expect(allows(catalog, 'orders', 'refund')).toBe(false);
    expect(allows(support, 'orders', 'edit')).toBe(true);
    expect(allows(finance, 'orders', 'edit')).toBe(false);
    expect(allows(catalog, 'product_variants', 'adjust')).toBe(true);
    expect(allows(support, 'product_variants', 'adjust')).toBe(false);
  });

  it('keeps the audit log and the staff list to the roles that have them', () => {
    const owner = as(['owner'], ['audit.read', 'staff.manage']);
    expect(allows(owner, 'audit_log', 'list')).toBe(true);
    expect(allows(owner, 'staff_members', 'edit')).toBe(true);
    expect(allows(support, 'audit_log', 'list')).toBe(false);
    expect(allows(finance, 'staff_members', 'list')).toBe(false);
    // nobody edits the audit log or customers' profiles through the console
    expect(allows(owner, 'audit_log', 'edit')).toBe(false);
    expect(allows(owner, 'profiles', 'delete')).toBe(false);
  });

  it('refuses writes to a resource it does not know', () => {
    expect(permissionFor('somewhere_new', 'edit')).toBe('unknown.write');
    expect(permissionFor('somewhere_new', 'list')).toBeNull();
  });
});
