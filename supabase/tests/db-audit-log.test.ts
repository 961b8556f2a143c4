/**
 * The audit log (issue 21) through supabase-js over HTTP against the real migrations and seed, on
 * PGlite and PostgreSQL: every kind of staff write leaves one row naming the actor (user id, e-mail,
 * roles at the time), the table, the record and the action, with the old and new values (only the
 * changed columns of an update); a shopper's order and the service role's writes leave none; an
 * update that changes nothing leaves none; and no role — owner, service role, or the table's owner
 * in SQL — can change, delete or truncate a row.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from 'supabase-local/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, Json } from '../../shared/src/types/database.ts';
import { hsnProduct } from './support/gst.ts';
import { storeRecords } from './support/orders.ts';
import { makeStaff } from './support/staff.ts';
import {
  addPeople,
  forEachStoreServer,
  PEOPLE,
  serviceClient,
  storeClient,
  type Person,
} from './support/store.ts';
import { uniq } from './support/variants.ts';

type Client = SupabaseClient<Database>;
type AuditRow = Database['public']['Tables']['audit_log']['Row'];

/** A member with two roles, whose roles change during the suite (the rows keep the old ones). */
const MIXED: Person = {
  id: 'a0000000-0000-4000-8000-000000002201',
  email: 'mixed@furnicraft.in',
  staffRoles: ['catalog', 'support'],
  userMetadata: { full_name: 'Mixed Roles' },
};
const HIRE: Person = {
  id: 'a0000000-0000-4000-8000-000000002202',
  email: 'hire@furnicraft.in',
  userMetadata: { full_name: 'New Hire' },
};

forEachStoreServer('the audit log', ({ server }) => {
  let s: TestServer;
  let records: ReturnType<typeof storeRecords>;
  const as = (p: Person): Client => storeClient(s, p);

  beforeAll(async () => {
    s = server();
    await addPeople(s.db, [...Object.values(PEOPLE), MIXED, HIRE]);
    records = storeRecords(s);
    await records.liftOrderLimits();
  });

  /** The newest audit id, to read only what an action wrote after it. */
  async function mark(): Promise<number> {
    const { rows } = await s.db.query<{ id: string | null }>(
      'select max(id)::text as id from public.audit_log',
    );
    return Number(rows[0]!.id ?? 0);
  }

  /** The audit rows written after `since`, oldest first, as the owner reads them over REST. */
  async function writtenSince(since: number, table?: string): Promise<AuditRow[]> {
    let q = as(PEOPLE.admin).from('audit_log').select('*').gt('id', since);
    if (table) q = q.eq('table_name', table);
    const { data, error } = await q.order('id');
    expect(error).toBeNull();
    return data ?? [];
  }

  const actor = (p: Person) => ({ actor_id: p.id, actor_email: p.email, actor_roles: p.staffRoles });

  describe('a row for each kind of staff write', () => {
    it('a product update: only the changed columns, before and after, by whom', async () => {
      const p = await hsnProduct(s.db, 4999, '9403', 10);
      const { rows } = await s.db.query<{ description: string | null }>(
        'select description from public.products where id = $1',
        [p.id],
      );
      const since = await mark();
      const { error } = await as(PEOPLE.catalogStaff)
        .from('products')
        .update({ description: 'Solid sheesham wood, hand-finished.', featured: true, name: p.name })
        .eq('id', p.id);
      expect(error).toBeNull();
      const written = await writtenSince(since, 'products');
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({
        ...actor(PEOPLE.catalogStaff),
        table_name: 'products',
        record_id: String(p.id),
        action: 'update',
        old_values: { description: rows[0]!.description, featured: false },
        new_values: { description: 'Solid sheesham wood, hand-finished.', featured: true },
      });
      // The unchanged name is not there, nor the touch time and caches.
      expect(Object.keys(written[0]!.new_values as object).sort()).toEqual(['description', 'featured']);
    });

    it('an update that changes nothing leaves no row', async () => {
      const p = await hsnProduct(s.db, 4999, '9403', 10);
      const since = await mark();
      const { data, error } = await as(PEOPLE.catalogStaff)
        .from('products')
        .update({ name: p.name, featured: false })
        .eq('id', p.id)
        .select('id');
      expect(error).toBeNull();
      expect(data).toHaveLength(1); // the row was updated, to what it was
      expect(await writtenSince(since)).toEqual([]);
    });

    it('options and generated variants: inserts with the new rows', async () => {
      const p = await hsnProduct(s.db, 12999, '9403', 4);
      const set = await as(PEOPLE.catalogStaff).rpc('admin_set_product_options', {
        product_id: p.id,
        options: [{ name: 'Finish', values: [{ value: 'Teak' }, { value: 'Walnut' }] }],
      });
      expect(set.error).toBeNull();
      const since = await mark();
      const gen = await as(PEOPLE.catalogStaff).rpc('admin_generate_variants', { product_id: p.id });
      expect(gen.error).toBeNull();
      const made = gen.data ?? [];
      expect(made).toHaveLength(1);
      const inserted = (await writtenSince(since, 'product_variants')).filter((r) => r.action === 'insert');
      expect(inserted).toEqual([
        expect.objectContaining({
          ...actor(PEOPLE.catalogStaff),
          record_id: String(made[0]!.id),
          old_values: null,
          new_values: expect.objectContaining({ product_id: p.id, sku: made[0]!.sku, stock_quantity: 0 }),
        }),
      ]);
    });

    it('a stock adjustment: the movement, with who made it', async () => {
      const p = await hsnProduct(s.db, 4999, '9403', 10);
      const since = await mark();
      const { data, error } = await as(PEOPLE.catalogStaff).rpc('admin_adjust_stock', {
        changes: [{ variant_id: p.variantId, quantity_change: -2 }],
        reason: 'adjustment',
        note: 'Two chairs damaged in the warehouse',
      });
      expect(error).toBeNull();
      expect(await writtenSince(since, 'stock_movements')).toEqual([
        expect.objectContaining({
          ...actor(PEOPLE.catalogStaff),
          record_id: String(data![0]!.id),
          action: 'insert',
          new_values: expect.objectContaining({
            variant_id: p.variantId,
            quantity: -2,
            reason: 'adjustment',
            note: 'Two chairs damaged in the warehouse',
          }),
        }),
      ]);
    });

    it('an order status change through admin_set_order_status, and its timeline event', async () => {
      const o = await records.codOrder();
      const since = await mark();
      const { error } = await as(PEOPLE.supportStaff).rpc('admin_set_order_status', {
        order_id: o.id,
        status: 'processing',
      });
      expect(error).toBeNull();
      const orders = await writtenSince(since, 'orders');
      expect(orders).toEqual([
        expect.objectContaining({
          ...actor(PEOPLE.supportStaff),
          record_id: o.id,
          action: 'update',
          old_values: expect.objectContaining({ status: 'pending' }),
          new_values: expect.objectContaining({ status: 'processing' }),
        }),
      ]);
      expect(await writtenSince(since, 'order_events')).toEqual([
        expect.objectContaining({ ...actor(PEOPLE.supportStaff), record_id: o.id, action: 'insert' }),
      ]);
    });

    it('a promo code made, changed and deleted', async () => {
      const owner = as(PEOPLE.admin);
      const code = uniq('AUDIT').toUpperCase();
      const since = await mark();
      const made = await owner
        .from('promo_codes')
        .insert({ code, kind: 'percent', value: 10 })
        .select('id')
        .single();
      expect(made.error).toBeNull();
      const id = made.data!.id;
      expect((await owner.from('promo_codes').update({ value: 15 }).eq('id', id)).error).toBeNull();
      expect((await owner.from('promo_codes').delete().eq('id', id)).error).toBeNull();
      const written = await writtenSince(since, 'promo_codes');
      expect(written.map((r) => [r.action, r.record_id])).toEqual([
        ['insert', String(id)],
        ['update', String(id)],
        ['delete', String(id)],
      ]);
      expect(written[0]).toMatchObject({
        ...actor(PEOPLE.admin),
        old_values: null,
        new_values: { code, value: 10 },
      });
      expect(written[1]).toMatchObject({ old_values: { value: 10 }, new_values: { value: 15 } });
      expect(written[2]).toMatchObject({ old_values: { code, value: 15 }, new_values: null });
    });

    it('the store settings and a delivery zone', async () => {
      const owner = as(PEOPLE.admin);
      const { rows } = await s.db.query<{ low: number; zone: string; days: number }>(
        `select s.low_stock_threshold as low, z.id::text as zone, z.transit_days_max as days
         from public.store_settings as s, public.delivery_zones as z order by z.id limit 1`,
      );
      const { low, zone, days } = rows[0]!;
      const since = await mark();
      expect(
        (
          await owner
            .from('store_settings')
            .update({ low_stock_threshold: low + 1 })
            .eq('id', true)
        ).error,
      ).toBeNull();
      expect(
        (
          await owner
            .from('delivery_zones')
            .update({ transit_days_max: days + 1 })
            .eq('id', Number(zone))
        ).error,
      ).toBeNull();
      expect(await writtenSince(since)).toEqual([
        expect.objectContaining({
          ...actor(PEOPLE.admin),
          table_name: 'store_settings',
          record_id: 'true',
          action: 'update',
          old_values: { low_stock_threshold: low },
          new_values: { low_stock_threshold: low + 1 },
        }),
        expect.objectContaining({
          ...actor(PEOPLE.admin),
          table_name: 'delivery_zones',
          record_id: zone,
          action: 'update',
          old_values: { transit_days_max: days },
          new_values: { transit_days_max: days + 1 },
        }),
      ]);
    });

    it('review moderation', async () => {
      const id = await records.pendingReview();
      const since = await mark();
      const { error } = await as(PEOPLE.supportStaff)
        .from('reviews')
        .update({ status: 'approved' })
        .eq('id', id);
      expect(error).toBeNull();
      expect(await writtenSince(since, 'reviews')).toEqual([
        expect.objectContaining({
          ...actor(PEOPLE.supportStaff),
          record_id: String(id),
          action: 'update',
          old_values: expect.objectContaining({ status: 'pending' }),
          new_values: expect.objectContaining({ status: 'approved' }),
        }),
      ]);
    });

    it('a return decision', async () => {
      const r = await records.requestedReturn();
      const since = await mark();
      const { error } = await as(PEOPLE.supportStaff).rpc('admin_decide_return', {
        return_id: r.id,
        approve: false,
        reason: 'The photos show wear from use.',
      });
      expect(error).toBeNull();
      expect(await writtenSince(since, 'returns')).toEqual([
        expect.objectContaining({
          ...actor(PEOPLE.supportStaff),
          record_id: r.id,
          action: 'update',
          old_values: expect.objectContaining({ status: 'requested', decided_by: null }),
          new_values: expect.objectContaining({
            status: 'rejected',
            decided_by: PEOPLE.supportStaff.id,
            rejection_reason: 'The photos show wear from use.',
          }),
        }),
      ]);
    });

    it('a refund', async () => {
      const o = await records.paidOrder();
      const since = await mark();
      const { data, error } = await as(PEOPLE.financeStaff).rpc('admin_create_refund', {
        order_id: o.id,
        amount: 250,
        reason: 'Goodwill: delivered late',
        request_key: uniq('audit-'),
      });
      expect(error).toBeNull();
      expect(await writtenSince(since, 'refunds')).toEqual([
        expect.objectContaining({
          ...actor(PEOPLE.financeStaff),
          record_id: data!.id,
          action: 'insert',
          new_values: expect.objectContaining({ order_id: o.id, amount: 250, status: 'pending' }),
        }),
      ]);
    });

    it('a staff role change: the member’s roles before and after, by the owner who made it', async () => {
      const owner = as(PEOPLE.admin);
      const since = await mark();
      expect(
        (await owner.rpc('admin_set_staff_roles', { user_id: HIRE.id, roles: ['viewer'] })).error,
      ).toBeNull();
      expect(
        (await owner.rpc('admin_set_staff_roles', { user_id: HIRE.id, roles: ['viewer', 'finance'] })).error,
      ).toBeNull();
      expect((await owner.rpc('admin_remove_staff', { user_id: HIRE.id })).error).toBeNull();
      const written = await writtenSince(since, 'staff_members');
      expect(written.map((r) => [r.action, r.record_id, r.actor_id])).toEqual([
        ['insert', HIRE.id, PEOPLE.admin.id],
        ['update', HIRE.id, PEOPLE.admin.id],
        ['delete', HIRE.id, PEOPLE.admin.id],
      ]);
      expect(written[0]!.new_values).toMatchObject({ email: HIRE.email, roles: ['viewer'] });
      expect(written[1]).toMatchObject({
        old_values: { roles: ['viewer'] },
        new_values: { roles: ['finance', 'viewer'] },
      });
      expect(written[2]!.old_values).toMatchObject({ roles: ['finance', 'viewer'] });
    });

    it('keeps the roles the actor had at the time', async () => {
      const p = await hsnProduct(s.db, 4999, '9403', 10);
      const since = await mark();
      expect((await as(MIXED).from('products').update({ featured: true }).eq('id', p.id)).error).toBeNull();
      await makeStaff(s, MIXED, ['viewer']);
      const written = await writtenSince(since, 'products');
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({
        actor_id: MIXED.id,
        actor_email: MIXED.email,
        actor_roles: ['catalog', 'support'],
      });
    });
  });

  describe('writes that are not staff writes', () => {
    it('a customer’s order leaves no row, nor the service role marking it paid', async () => {
      const since = await mark();
      const o = await records.paidOrder();
      const service = serviceClient(s);
      expect(
        (await service.from('promo_codes').update({ description: 'Set by a script' }).eq('code', 'SAVE10'))
          .error,
      ).toBeNull();
      expect(await writtenSince(since)).toEqual([]);
      const { rows } = await s.db.query(
        'select 1 from public.audit_log where record_id = $1 or actor_id = $2',
        [o.id, PEOPLE.customerA.id],
      );
      expect(rows).toEqual([]);
    });
  });

  describe('someone made staff within a transaction', () => {
    it('has their writes audited from then on (a shopper’s first write remembers “not staff” until staff_members changes)', async () => {
      const p = await hsnProduct(s.db, 4999, '9403', 10);
      const since = await mark();
      await s.db.transaction(async (tx) => {
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: HIRE.id, role: 'authenticated', aud: 'authenticated' }),
        ]);
        await tx.query(`update public.products set description = 'Before joining' where id = $1`, [p.id]);
        await tx.query(
          `insert into public.staff_members (user_id, email, roles) values ($1, $2, '{catalog}')`,
          [HIRE.id, HIRE.email],
        );
        await tx.query(`update public.products set description = 'After joining' where id = $1`, [p.id]);
        await tx.query('delete from public.staff_members where user_id = $1', [HIRE.id]);
      });
      const written = await writtenSince(since, 'products');
      expect(written.map((r) => [r.actor_id, r.new_values])).toEqual([
        [HIRE.id, { description: 'After joining' }],
      ]);
    });
  });

  describe('append-only for every role', () => {
    let row: AuditRow;
    beforeAll(async () => {
      const since = await mark();
      const p = await hsnProduct(s.db, 4999, '9403', 10);
      expect(
        (await as(PEOPLE.admin).from('products').update({ featured: true }).eq('id', p.id)).error,
      ).toBeNull();
      row = (await writtenSince(since))[0]!;
    });
    const unchanged = async () => {
      const { rows } = await s.db.query<{ n: string }>(
        `select count(*)::text as n from public.audit_log where id = $1 and actor_id = $2 and new_values = $3::jsonb`,
        [row.id, row.actor_id, JSON.stringify(row.new_values)],
      );
      expect(rows[0]!.n).toBe('1');
    };

    it.each([
      ['an owner', () => as(PEOPLE.admin)],
      ['the service role', () => serviceClient(s)],
      ['a customer', () => as(PEOPLE.customerA)],
    ] as const)('%s can neither add, change nor delete a row over REST', async (_, client) => {
      const c = client();
      const forged: Json = { featured: false };
      const insert = await c.from('audit_log').insert({
        actor_id: PEOPLE.admin.id,
        actor_email: PEOPLE.admin.email,
        actor_roles: ['owner'],
        table_name: 'products',
        record_id: '1',
        action: 'update',
        new_values: forged,
      });
      expect(insert.error?.code).toBe('42501');
      const update = await c.from('audit_log').update({ new_values: forged }).eq('id', row.id).select('id');
      expect(update.error?.code).toBe('42501');
      const del = await c.from('audit_log').delete().eq('id', row.id).select('id');
      expect(del.error?.code).toBe('42501');
      await unchanged();
    });

    it.each([
      ['update', `update public.audit_log set new_values = '{}' where id = $1`],
      ['delete', 'delete from public.audit_log where id = $1'],
      ['truncate', 'truncate public.audit_log'],
    ])('the table’s owner cannot %s in SQL, replication mode included', async (_, sql) => {
      const values = sql.includes('$1') ? [row.id] : [];
      for (const replica of [false, true]) {
        const error = await s.db
          .transaction(
            async (tx) => {
              if (replica) await tx.query('set local session_replication_role = replica');
              await tx.query(sql, values);
            },
            { rollback: true },
          )
          .then(
            () => null,
            (e: { code?: string; detail?: string }) => e,
          );
        expect(error, `replica: ${replica}`).toMatchObject({ code: '42501', detail: 'audit_append_only' });
      }
      await unchanged();
    });
  });
});
