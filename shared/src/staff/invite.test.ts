import { describe, expect, it } from 'vitest';
import { EMAIL_PROBLEM, parseStaffInvite, ROLES_PROBLEM, STAFF_ROLES } from './invite.ts';

describe('parseStaffInvite', () => {
  it('trims and lower-cases the address, keeps the roles once each in the enum order', () => {
    expect(
      parseStaffInvite({ email: '  Priya@FurniCraft.in ', roles: ['support', 'catalog', 'support'] }),
    ).toEqual({
      ok: true,
      value: { email: 'priya@furnicraft.in', roles: ['catalog', 'support'] },
    });
  });

  it.each([
    [{ roles: ['catalog'] }, EMAIL_PROBLEM],
    [{ email: 'priya', roles: ['catalog'] }, EMAIL_PROBLEM],
    [{ email: 'priya@furnicraft', roles: ['catalog'] }, EMAIL_PROBLEM],
    [{ email: 'a b@furnicraft.in', roles: ['catalog'] }, EMAIL_PROBLEM],
    [{ email: 42, roles: ['catalog'] }, EMAIL_PROBLEM],
    [{ email: 'priya@furnicraft.in' }, ROLES_PROBLEM],
    [{ email: 'priya@furnicraft.in', roles: [] }, ROLES_PROBLEM],
    [{ email: 'priya@furnicraft.in', roles: 'catalog' }, ROLES_PROBLEM],
    [{ email: 'priya@furnicraft.in', roles: ['admin'] }, 'Unknown role: "admin".'],
    [null, EMAIL_PROBLEM],
    [['priya@furnicraft.in'], EMAIL_PROBLEM],
  ])('refuses %j', (body, message) => {
    expect(parseStaffInvite(body)).toEqual({ ok: false, message });
  });

  it('knows the five roles, owner first', () => {
    expect(STAFF_ROLES).toEqual(['owner', 'catalog', 'support', 'finance', 'viewer']);
  });
});
