/**
 * Staff roles (issue 21) through supabase-js over HTTP against the real migrations and seed, on
 * PGlite and PostgreSQL: what each role may do, asked of the database itself with the requests a
 * hand-made client would send (REST PATCH and INSERT, RPC), never through the admin's UI:
 *   - the permission table, one row per action, one column per role (a 9-hour-old owner sign-in and
 *     a customer included), and what a refusal says;
 *   - staff_access() per role;
 *   - managing staff: nobody changes their own roles, only owners manage, the store always keeps an
 *     owner (two owners demoting or removing each other at the same moment: exactly one succeeds);
 *   - a role change or a removal takes effect on the member's very next request.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from 'supabase-local/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../shared/src/types/database.ts';
import { hsnProduct } from './support/gst.ts';
import { storeRecords, type Placed } from './support/orders.ts';
import { makeStaff } from './support/staff.ts';
import {
  accessToken,
  addPeople,
  forEachStoreServer,
  PEOPLE,
  serviceClient,
  sessionIdOf,
  storeClient,
  type Person,
} from './support/store.ts';
import { uniq } from './support/variants.ts';

type Client = SupabaseClient<Database>;
type Outcome = 'allowed' | 'refused';
const Y: Outcome = 'allowed';
const N: Outcome = 'refused';

/** Who the columns of the permission table are. */
const COLUMNS = [
  ['owner', PEOPLE.admin],
  ['catalog', PEOPLE.catalogStaff],
  ['support', PEOPLE.supportStaff],
  ['finance', PEOPLE.financeStaff],
  ['viewer', PEOPLE.viewerStaff],
  ['owner signed in 9 h ago', PEOPLE.staleAdmin],
  ['customer', PEOPLE.customerB],
] as const satisfies ReadonlyArray<readonly [string, Person]>;
type Column = (typeof COLUMNS)[number][0];

/** People this suite changes the roles of (so the table's people stay as they are). */
const person = (n: number, email: string, staffRoles?: Person['staffRoles']): Person => ({
  id: `a0000000-0000-4000-8000-0000000021${String(n).padStart(2, '0')}`,
  email,
  ...(staffRoles ? { staffRoles } : {}),
  userMetadata: { full_name: email.split('@')[0] },
});
const TARGET = person(1, 'new-hire@furnicraft.in');
const LEAVER = person(2, 'leaver@furnicraft.in');
const SWITCHER = person(3, 'switcher@furnicraft.in', ['catalog']);
const REVOKED = person(4, 'revoked@furnicraft.in', ['support']);
const OWNER_X = person(5, 'owner-x@furnicraft.in', ['owner']);
const OWNER_Y = person(6, 'owner-y@furnicraft.in', ['owner']);

/** A PostgREST answer as a yes or no: 42501 or no row is a refusal; any other error is a bug. */
function judge(r: { data: unknown; error: { code: string; message: string; details: string } | null }) {
  if (r.error) {
    if (r.error.code === '42501') return N;
    throw new Error(`unexpected ${r.error.code}: ${r.error.message} (${r.error.details})`);
  }
  return Array.isArray(r.data) && r.data.length === 0 ? N : Y;
}

/** Today's date in India (the GST register's days). */
const istToday = (): string => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);

forEachStoreServer('staff roles', ({ kind, server }) => {
  let s: TestServer;
  let records: ReturnType<typeof storeRecords>;
  let product: { id: number; variantId: number };
  let ashasOrder: Placed;
  let zoneId: number;
  const as = (p: Person): Client => storeClient(s, p);

  beforeAll(async () => {
    s = server();
    await addPeople(s.db, [...Object.values(PEOPLE), TARGET, LEAVER, SWITCHER, REVOKED, OWNER_X, OWNER_Y]);
    records = storeRecords(s);
    await records.liftOrderLimits();
    product = await hsnProduct(s.db, 4999, '9403', 100);
    // Asha's order, shipped today: another customer's order for the reads, today's invoice for the
    // GST register, and an owner's writes in the audit log.
    ashasOrder = await records.shippedOrder();
    zoneId = Number(
      (await s.db.query<{ id: string }>('select id::text from public.delivery_zones order by id limit 1'))
        .rows[0]!.id,
    );
  });

  type Act = (c: Client) => Promise<Outcome>;
  let flip = 0;
  const ACT = {
    updateProduct: async (c) =>
      judge(
        await c
          .from('products')
          .update({ description: uniq('Solid sheesham, ') })
          .eq('id', product.id)
          .select('id'),
      ),
    variantPrice: async (c) =>
      judge(
        await c
          .from('product_variants')
          .update({ price: 4999 + (++flip % 2) })
          .eq('id', product.variantId)
          .select('id'),
      ),
    adjustStock: async (c) =>
      judge(
        await c.rpc('admin_adjust_stock', {
          changes: [{ variant_id: product.variantId, quantity_change: 1 }],
          reason: 'receipt',
        }),
      ),
    orderStatus: async (c) => {
      const o = await records.codOrder();
      return judge(await c.rpc('admin_set_order_status', { order_id: o.id, status: 'processing' }));
    },
    trackingEvent: async (c) => {
      const o = await records.shippedOrder();
      return judge(
        await c.rpc('admin_add_order_event', {
          order_id: o.id,
          status: 'In Transit',
          location: 'Hubballi hub',
        }),
      );
    },
    handleMessage: async (c) => {
      const id = await records.contactMessage();
      return judge(await c.from('contact_messages').update({ handled: true }).eq('id', id).select('id'));
    },
    approveReview: async (c) => {
      const id = await records.pendingReview();
      return judge(await c.from('reviews').update({ status: 'approved' }).eq('id', id).select('id'));
    },
    decideReturn: async (c) => {
      const r = await records.requestedReturn();
      return judge(await c.rpc('admin_decide_return', { return_id: r.id, approve: true }));
    },
    refund: async (c) => {
      const o = await records.paidOrder();
      return judge(
        await c.rpc('admin_create_refund', {
          order_id: o.id,
          amount: 100,
          reason: 'Goodwill: delivered late',
          request_key: uniq('role-'),
        }),
      );
    },
    creditNote: async (c) => {
      const o = await records.shippedOrder();
      return judge(
        await c.rpc('admin_issue_credit_note', {
          order_id: o.id,
          items: [{ order_item_id: o.itemId, quantity: 1 }],
          reason: 'Returned unused',
        }),
      );
    },
    gstRegister: async (c) =>
      judge(await c.rpc('admin_gst_register', { from_date: istToday(), to_date: istToday() })),
    promoCode: async (c) =>
      judge(
        await c
          .from('promo_codes')
          .insert({ code: uniq('ROLE').toUpperCase(), kind: 'flat', value: 100 })
          .select('id'),
      ),
    storeSettings: async (c) =>
      judge(
        await c
          .from('store_settings')
          .update({ low_stock_threshold: 5 + (++flip % 2) })
          .eq('id', true)
          .select('id'),
      ),
    deliveryZone: async (c) =>
      judge(
        await c
          .from('delivery_zones')
          .update({ transit_days_max: 7 + (++flip % 2) })
          .eq('id', zoneId)
          .select('id'),
      ),
    grantRoles: async (c) =>
      judge(await c.rpc('admin_set_staff_roles', { user_id: TARGET.id, roles: ['viewer'] })),
    removeStaff: async (c) => {
      await makeStaff(s, LEAVER, ['viewer']);
      return judge(await c.rpc('admin_remove_staff', { user_id: LEAVER.id }));
    },
    readOrder: async (c) => judge(await c.from('orders').select('id').eq('id', ashasOrder.id)),
    dashboard: async (c) => judge(await c.rpc('admin_dashboard')),
    auditLog: async (c) => judge(await c.from('audit_log').select('id').limit(1)),
    staffRows: async (c) => judge(await c.from('staff_members').select('user_id').eq('user_id', OWNER_X.id)),
  } satisfies Record<string, Act>;

  // The permission table of issue 21 (role_permissions), row by row; the 8-hour rule is for writes.
  // prettier-ignore
  const TABLE: Array<[string, Outcome[], Act]> = [
    //                                                        owner catalog support finance viewer stale customer
    ['update a product (PATCH products)',                     [Y,    Y,      N,      N,      N,     N,    N], ACT.updateProduct],
    ['change a variant’s price (PATCH product_variants)',     [Y,    Y,      N,      N,      N,     N,    N], ACT.variantPrice],
    ['adjust stock (admin_adjust_stock)',                     [Y,    Y,      N,      N,      N,     N,    N], ACT.adjustStock],
    ['move an order on (admin_set_order_status)',             [Y,    N,      Y,      N,      N,     N,    N], ACT.orderStatus],
    ['add a tracking event (admin_add_order_event)',          [Y,    N,      Y,      N,      N,     N,    N], ACT.trackingEvent],
    ['mark a message handled (PATCH contact_messages)',       [Y,    N,      Y,      N,      N,     N,    N], ACT.handleMessage],
    ['approve a review (PATCH reviews)',                      [Y,    N,      Y,      N,      N,     N,    N], ACT.approveReview],
    ['decide a return (admin_decide_return)',                 [Y,    N,      Y,      N,      N,     N,    N], ACT.decideReturn],
    ['refund a paid order (admin_create_refund)',             [Y,    N,      N,      Y,      N,     N,    N], ACT.refund],
    ['issue a credit note (admin_issue_credit_note)',         [Y,    N,      N,      Y,      N,     N,    N], ACT.creditNote],
    ['export the GST register (admin_gst_register)',          [Y,    N,      N,      Y,      N,     Y,    N], ACT.gstRegister],
    ['create a promo code (POST promo_codes)',                [Y,    N,      N,      N,      N,     N,    N], ACT.promoCode],
    ['change the store settings (PATCH store_settings)',      [Y,    N,      N,      N,      N,     N,    N], ACT.storeSettings],
    ['change a delivery zone (PATCH delivery_zones)',         [Y,    N,      N,      N,      N,     N,    N], ACT.deliveryZone],
    ['give someone staff roles (admin_set_staff_roles)',      [Y,    N,      N,      N,      N,     N,    N], ACT.grantRoles],
    ['remove a staff member (admin_remove_staff)',            [Y,    N,      N,      N,      N,     N,    N], ACT.removeStaff],
    ['read another customer’s order (GET orders)',            [Y,    Y,      Y,      Y,      Y,     Y,    N], ACT.readOrder],
    ['open the dashboard (admin_dashboard)',                  [Y,    Y,      Y,      Y,      Y,     Y,    N], ACT.dashboard],
    ['read the audit log (GET audit_log)',                    [Y,    N,      N,      N,      N,     Y,    N], ACT.auditLog],
    ['read another staff member’s row (GET staff_members)',   [Y,    N,      N,      N,      N,     Y,    N], ACT.staffRows],
  ];

  describe('the permission table, asked of the database', () => {
    it.each(TABLE)('%s', async (_, row, act) => {
      const got: Partial<Record<Column, Outcome>> = {};
      const want: Partial<Record<Column, Outcome>> = {};
      for (const [i, [column, p]] of COLUMNS.entries()) {
        got[column] = await act(as(p));
        want[column] = row[i];
      }
      expect(got).toEqual(want);
    });
  });

  describe('what a refusal says', () => {
    it('names the missing permission to a member whose roles do not allow it', async () => {
      const o = await records.paidOrder();
      const refund = await as(PEOPLE.supportStaff).rpc('admin_create_refund', {
        order_id: o.id,
        amount: 100,
        reason: 'Goodwill: delivered late',
        request_key: uniq('role-'),
      });
      expect(refund.error).toMatchObject({
        code: '42501',
        details: 'missing_permission',
        message: 'Your staff role does not allow this.',
      });
      expect(refund.error?.hint).toContain('refunds.write');
      const ship = await as(PEOPLE.catalogStaff).rpc('admin_set_order_status', {
        order_id: o.id,
        status: 'shipped',
      });
      expect(ship.error).toMatchObject({ code: '42501', details: 'missing_permission' });
      expect(ship.error?.hint).toContain('orders.write');
      const { rows } = await s.db.query('select 1 from public.refunds where order_id = $1', [o.id]);
      expect(rows).toEqual([]);
    });

    it('asks a 9-hour-old sign-in to sign in again, and tells a customer this is for staff', async () => {
      const changes = [{ variant_id: product.variantId, quantity_change: 1 }];
      const stale = await as(PEOPLE.staleAdmin).rpc('admin_adjust_stock', { changes, reason: 'receipt' });
      expect(stale.error).toMatchObject({ code: '42501', details: 'admin_session_expired' });
      const customer = await as(PEOPLE.customerA).rpc('admin_adjust_stock', { changes, reason: 'receipt' });
      expect(customer.error).toMatchObject({ code: '42501', details: 'not_admin' });
      const pretender = await as(PEOPLE.pretender).rpc('admin_adjust_stock', { changes, reason: 'receipt' });
      expect(pretender.error).toMatchObject({ code: '42501', details: 'not_admin' });
    });

    it('support cannot change, add or delete a product with a hand-made request either', async () => {
      const headers = {
        apikey: s.anonKey,
        Authorization: `Bearer ${accessToken(s, PEOPLE.supportStaff)}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      };
      const before = await productRow();
      const patch = await fetch(`${s.url}/rest/v1/products?id=eq.${product.id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ name: 'Hacked', featured: true }),
      });
      expect(patch.status).toBe(200);
      expect(await patch.json()).toEqual([]);
      const del = await fetch(`${s.url}/rest/v1/products?id=eq.${product.id}`, { method: 'DELETE', headers });
      expect(await del.json()).toEqual([]);
      const post = await fetch(`${s.url}/rest/v1/products`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Planted', price: 1, category_id: 1, image_url: '/images/x.webp' }),
      });
      expect(post.status).toBe(403);
      // RLS refuses it (the columns are granted to authenticated: the policies decide)
      expect(await post.json()).toMatchObject({
        code: '42501',
        message: expect.stringContaining('row-level security'),
      });
      expect(await productRow()).toEqual(before);
    });
  });

  describe('staff_access()', () => {
    const ALL = [
      'audit.read',
      'catalog.write',
      'exports.read',
      'invoices.write',
      'messages.write',
      'orders.write',
      'promotions.write',
      'refunds.write',
      'returns.write',
      'reviews.write',
      'settings.write',
      'staff.manage',
      'stock.write',
    ];
    it.each([
      ['owner', PEOPLE.admin, ALL],
      ['catalog', PEOPLE.catalogStaff, ['catalog.write', 'stock.write']],
      ['support', PEOPLE.supportStaff, ['messages.write', 'orders.write', 'returns.write', 'reviews.write']],
      ['finance', PEOPLE.financeStaff, ['exports.read', 'invoices.write', 'refunds.write']],
      ['viewer', PEOPLE.viewerStaff, []],
      ['owner signed in 9 h ago', PEOPLE.staleAdmin, ALL],
    ] as const)('answers %s with their roles and permissions', async (_, p, permissions) => {
      const { data, error } = await as(p).rpc('staff_access');
      expect(error).toBeNull();
      expect(data).toEqual({ user_id: p.id, email: p.email, roles: p.staffRoles, permissions });
    });

    it('answers null to a customer and to one who wrote admin into their own metadata; a visitor may not ask', async () => {
      expect(await as(PEOPLE.customerA).rpc('staff_access')).toMatchObject({ data: null, error: null });
      expect(await as(PEOPLE.pretender).rpc('staff_access')).toMatchObject({ data: null, error: null });
      expect((await storeClient(s).rpc('staff_access')).error?.code).toBe('42501');
    });
  });

  describe('managing staff', () => {
    it('nobody changes their own roles or removes themselves, owners included', async () => {
      const owner = as(PEOPLE.admin);
      const grant = await owner.rpc('admin_set_staff_roles', {
        user_id: PEOPLE.admin.id,
        roles: ['owner', 'finance'],
      });
      expect(grant.error).toMatchObject({ code: '42501', details: 'own_roles' });
      const leave = await owner.rpc('admin_remove_staff', { user_id: PEOPLE.admin.id });
      expect(leave.error).toMatchObject({ code: '42501', details: 'own_roles' });
      const promote = await as(PEOPLE.catalogStaff).rpc('admin_set_staff_roles', {
        user_id: PEOPLE.catalogStaff.id,
        roles: ['owner'],
      });
      expect(promote.error).toMatchObject({ code: '42501', details: 'missing_permission' });
      expect(await rolesOf(PEOPLE.admin.id)).toEqual(['owner']);
      expect(await rolesOf(PEOPLE.catalogStaff.id)).toEqual(['catalog']);
    });

    it('staff_members is written only through the two functions: no role may write it over REST', async () => {
      for (const p of [PEOPLE.admin, PEOPLE.catalogStaff, PEOPLE.customerA]) {
        const c = as(p);
        const insert = await c
          .from('staff_members')
          .insert({ user_id: p.id, email: p.email, roles: ['owner'] })
          .select('user_id');
        expect(insert.error?.code, p.email).toBe('42501');
        const update = await c
          .from('staff_members')
          .update({ roles: ['owner'] })
          .eq('user_id', p.id)
          .select('user_id');
        expect(update.error?.code, p.email).toBe('42501');
        const del = await c
          .from('staff_members')
          .delete()
          .eq('user_id', PEOPLE.viewerStaff.id)
          .select('user_id');
        expect(del.error?.code, p.email).toBe('42501');
      }
      expect(await rolesOf(PEOPLE.catalogStaff.id)).toEqual(['catalog']);
      expect(await rolesOf(PEOPLE.customerA.id)).toBeNull();
      expect(await rolesOf(PEOPLE.viewerStaff.id)).toEqual(['viewer']);
    });

    it('an owner grants, changes and removes roles; the account must exist and keep one role at least', async () => {
      const owner = as(PEOPLE.admin);
      const granted = await owner.rpc('admin_set_staff_roles', {
        user_id: TARGET.id,
        roles: ['support', 'catalog', 'support'],
      });
      expect(granted.error).toBeNull();
      expect(granted.data).toMatchObject({
        user_id: TARGET.id,
        email: TARGET.email,
        roles: ['catalog', 'support'],
        updated_by: PEOPLE.admin.id,
      });
      const none = await owner.rpc('admin_set_staff_roles', { user_id: TARGET.id, roles: [] });
      expect(none.error).toMatchObject({ code: '22023', details: 'no_roles' });
      const ghost = await owner.rpc('admin_set_staff_roles', {
        user_id: 'a0000000-0000-4000-8000-0000000021ff',
        roles: ['viewer'],
      });
      expect(ghost.error).toMatchObject({ details: 'no_account' });
      expect((await owner.rpc('admin_remove_staff', { user_id: TARGET.id })).error).toBeNull();
      const again = await owner.rpc('admin_remove_staff', { user_id: TARGET.id });
      expect(again.error).toMatchObject({ details: 'not_staff' });
      expect(await rolesOf(TARGET.id)).toBeNull();
    });

    it('a 9-hour-old owner sign-in manages nobody', async () => {
      const r = await as(PEOPLE.staleAdmin).rpc('admin_set_staff_roles', {
        user_id: TARGET.id,
        roles: ['viewer'],
      });
      expect(r.error).toMatchObject({ code: '42501', details: 'admin_session_expired' });
    });
  });

  describe('a change of roles holds from the next request', () => {
    it('a member moved from catalog to support cannot edit products any more, and can move orders', async () => {
      const c = as(SWITCHER);
      expect(await ACT.updateProduct(c)).toBe(Y);
      expect(await ACT.orderStatus(c)).toBe(N);
      const moved = await as(PEOPLE.admin).rpc('admin_set_staff_roles', {
        user_id: SWITCHER.id,
        roles: ['support'],
      });
      expect(moved.error).toBeNull();
      // the same token, the same session
      expect(await ACT.updateProduct(c)).toBe(N);
      expect(await ACT.orderStatus(c)).toBe(Y);
      expect((await c.rpc('staff_access')).data).toMatchObject({ roles: ['support'] });
    });

    it('a removed member’s next request is refused, reads included', async () => {
      const c = as(REVOKED);
      expect(await ACT.readOrder(c)).toBe(Y);
      expect(await ACT.handleMessage(c)).toBe(Y);
      expect((await as(PEOPLE.admin).rpc('admin_remove_staff', { user_id: REVOKED.id })).error).toBeNull();
      expect(await ACT.readOrder(c)).toBe(N);
      expect(await ACT.handleMessage(c)).toBe(N);
      expect(await ACT.dashboard(c)).toBe(N);
      expect((await c.rpc('staff_access')).data).toBeNull();
    });
  });

  describe('the store always keeps an owner', () => {
    // Only OWNER_X and OWNER_Y are owners here: the table's two owners become viewers meanwhile.
    beforeAll(async () => {
      for (const p of [PEOPLE.admin, PEOPLE.staleAdmin]) await makeStaff(s, p, ['viewer']);
    });
    afterAll(async () => {
      for (const p of [PEOPLE.admin, PEOPLE.staleAdmin, OWNER_X, OWNER_Y]) await makeStaff(s, p, ['owner']);
    });
    const owners = async () =>
      (
        await s.db.query<{ user_id: string }>(
          `select user_id::text from public.staff_members where 'owner' = any (roles) order by user_id`,
        )
      ).rows.map((r) => r.user_id);

    type Move = (
      by: Person,
      other: Person,
    ) => PromiseLike<{ error: { code: string; details: string } | null }>;
    const demote: Move = (by, other) =>
      as(by).rpc('admin_set_staff_roles', { user_id: other.id, roles: ['catalog'] });
    const remove: Move = (by, other) => as(by).rpc('admin_remove_staff', { user_id: other.id });

    it.each([
      ['demote each other', demote, demote],
      ['remove each other', remove, remove],
      ['one demotes while the other removes', demote, remove],
    ] as const)('two owners who %s at the same moment: exactly one succeeds', async (_, xMove, yMove) => {
      for (let round = 0; round < 4; round++) {
        for (const p of [OWNER_X, OWNER_Y]) await makeStaff(s, p, ['owner']);
        const [x, y] = await Promise.all([xMove(OWNER_X, OWNER_Y), yMove(OWNER_Y, OWNER_X)]);
        const refused = [x, y].filter((r) => r.error !== null);
        expect(refused, `round ${round}`).toHaveLength(1);
        // Run one after the other, the loser is no owner (missing_permission) or no staff (not_admin)
        // any more; run at the same time, it waits for the winner's lock on the owners and then
        // finds itself the last owner.
        expect(['last_owner', 'missing_permission', 'not_admin']).toContain(refused[0]!.error!.details);
        expect(await owners()).toHaveLength(1);
      }
    });

    it.skipIf(kind !== 'postgres')(
      'an owner’s demotion waiting on another’s is refused as the last owner',
      async () => {
        for (const p of [OWNER_X, OWNER_Y]) await makeStaff(s, p, ['owner']);
        let second: PromiseLike<{ error: { code: string; details: string } | null }> | undefined;
        await s.db.transaction(async (tx) => {
          // OWNER_X demotes OWNER_Y and holds the owners' locks...
          await tx.query(
            `select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`,
            [JSON.stringify(claimsOf(OWNER_X))],
          );
          await tx.query(`select public.admin_set_staff_roles($1, '{catalog}')`, [OWNER_Y.id]);
          // ...while OWNER_Y, still an owner in every committed row, demotes OWNER_X.
          // (a supabase-js query is sent when awaited: Promise.resolve sends it now)
          second = Promise.resolve(demote(OWNER_Y, OWNER_X));
          await new Promise((r) => setTimeout(r, 500));
        });
        expect((await second!).error).toMatchObject({ code: '23514', details: 'last_owner' });
        expect(await owners()).toEqual([OWNER_X.id]);
      },
    );
  });

  function claimsOf(p: Person) {
    return {
      aud: 'authenticated',
      sub: p.id,
      email: p.email,
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) - 60 }],
      session_id: sessionIdOf(p),
    };
  }

  async function productRow() {
    const { rows } = await s.db.query(
      'select name, price::text, description, updated_at from public.products where id = $1',
      [product.id],
    );
    return rows[0];
  }

  async function rolesOf(userId: string): Promise<string[] | null> {
    const { data, error } = await serviceClient(s)
      .from('staff_members')
      .select('roles')
      .eq('user_id', userId);
    expect(error).toBeNull();
    return data?.[0]?.roles ?? null;
  }
});
