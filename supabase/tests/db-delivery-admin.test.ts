/**
 * Delivery by pincode (issue 17), the staff side and who may read or write what, through supabase-js
 * over HTTP on PGlite and PostgreSQL: admin_assign_pincodes and admin_load_pincodes (a dry run writes
 * nothing; errors listed by row with nothing applied; applying twice changes nothing the second
 * time; only a fresh admin), the RLS of states, pincodes (shoppers never see a pincode's zone),
 * delivery_zones (staff only), delivery_holidays and the new store settings, the default zone's fee
 * rule (shared/src/pricing/delivery.ts, ADR 007) out of staff's reach, and the directory itself
 * (36 states and union territories, the states redrawn since 2015).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_FEE, FREE_DELIVERY_THRESHOLD } from '../../shared/src/pricing/delivery.ts';
import type { Database, Json } from '../../shared/src/types/database.ts';
import type { TestServer } from 'supabase-local/testing';
import { assignPincodes, defaultZoneId, freshPincodes, makeZone, type Zone } from './support/delivery.ts';
import { addPeople, forEachStoreServer, PEOPLE, storeClient } from './support/store.ts';
import { plainProduct, uniq } from './support/variants.ts';

type Client = SupabaseClient<Database>;
type Who = 'anon' | 'customerA' | 'admin' | 'staleAdmin' | 'pretender';
const EVERYONE: Who[] = ['anon', 'customerA', 'admin', 'staleAdmin', 'pretender'];
const NOT_STAFF: Who[] = ['anon', 'customerA', 'pretender'];

/** The answer of admin_assign_pincodes / admin_load_pincodes. */
interface UploadAnswer {
  applied: boolean;
  total: number;
  changed: number;
  unchanged: number;
  added?: number;
  updated?: number;
  changes: { pincode: string; from: string | null; to: string | null }[];
  errors: { row: number; pincode: string | null; message: string }[];
}

function asAnswer(data: Json | null): UploadAnswer {
  expect(data).toEqual(
    expect.objectContaining({
      applied: expect.any(Boolean),
      total: expect.any(Number),
      errors: expect.any(Array),
    }),
  );
  return data as unknown as UploadAnswer;
}

forEachStoreServer('delivery by pincode: staff uploads, RLS and the default zone', ({ server }) => {
  let s: TestServer;
  const clients = {} as Record<Who, Client>;
  let standardId: number;

  beforeAll(async () => {
    s = server();
    await addPeople(s.db);
    clients.anon = storeClient(s);
    for (const who of EVERYONE.slice(1)) clients[who] = storeClient(s, PEOPLE[who as Exclude<Who, 'anon'>]);
    standardId = await defaultZoneId(s.db);
  });

  const zoneOf = async (pincodes: string[]) =>
    (
      await s.db.query<{ pincode: string; zone: string | null }>(
        `select p.pincode, z.name as zone from public.pincodes as p left join public.delivery_zones as z on z.id = p.zone_id
         where p.pincode = any ($1::text[]) order by p.pincode`,
        [pincodes],
      )
    ).rows;
  /** Every pincode's zone and place, to show nothing was written. */
  const fingerprint = async () =>
    (
      await s.db.query<{ h: string }>(
        `select md5(string_agg(pincode || ':' || coalesce(zone_id::text, '-') || ':' || office || ':' || city || ':' ||
           district || ':' || state_code, ',' order by pincode)) as h from public.pincodes`,
      )
    ).rows[0]!.h;

  describe('the directory', () => {
    it('has the 28 states and 8 union territories, by GST code, with their old names', async () => {
      const { data, error } = await clients.anon
        .from('states')
        .select('code, name, kind, aliases')
        .order('name');
      expect(error).toBeNull();
      expect(data).toHaveLength(36);
      expect(data!.filter((r) => r.kind === 'state')).toHaveLength(28);
      expect(data!.filter((r) => r.kind !== 'state')).toHaveLength(8);
      const byName = new Map(data!.map((r) => [r.name, r]));
      expect(byName.get('Maharashtra')).toMatchObject({ code: '27', kind: 'state' });
      expect(byName.get('Karnataka')).toMatchObject({ code: '29' });
      expect(byName.get('Telangana')).toMatchObject({ code: '36', kind: 'state' });
      expect(byName.get('Ladakh')).toMatchObject({ code: '38' });
      expect(byName.get('Delhi')?.kind).toBe('union_territory_with_legislature');
      expect(byName.get('Odisha')!.aliases).toContain('Orissa');
      expect(byName.get('Puducherry')!.aliases).toContain('Pondicherry');
      expect(data!.map((r) => r.name)).toEqual(
        [...data!.map((r) => r.name)].sort((a, b) => (a < b ? -1 : 1)),
      );
    });

    it('holds India Post’s pincodes, with the states redrawn since 2015', async () => {
      const n = Number(
        (await s.db.query<{ n: string }>('select count(*)::text as n from public.pincodes')).rows[0]!.n,
      );
      expect(n).toBeGreaterThan(19000);
      expect(n).toBeLessThan(19300);
      const { data } = await clients.anon
        .from('pincodes')
        .select('pincode, city, district, state_code, states(name)')
        .in('pincode', ['500001', '194101', '396210', '560001'])
        .order('pincode');
      expect(data!.map((r) => [r.pincode, r.state_code, r.states?.name])).toEqual([
        ['194101', '38', 'Ladakh'], // Leh: Jammu & Kashmir until 2019
        ['396210', '26', 'Dadra and Nagar Haveli and Daman and Diu'], // Daman: merged in 2020
        ['500001', '36', 'Telangana'], // Hyderabad: Andhra Pradesh until 2014
        ['560001', '29', 'Karnataka'],
      ]);
      const bad = await s.db.query(
        `select pincode from public.pincodes where pincode !~ '^[1-9][0-9]{5}$' limit 1`,
      );
      expect(bad.rows).toEqual([]);
    });

    it('looks a pincode up for autofill, as the address form does', async () => {
      for (const who of ['anon', 'customerA'] as const) {
        const { data, error } = await clients[who]
          .from('pincodes')
          .select('pincode, city, district, state_code, states(name)')
          .eq('pincode', '560001')
          .maybeSingle();
        expect(error).toBeNull();
        expect(data).toMatchObject({ pincode: '560001', state_code: '29', states: { name: 'Karnataka' } });
      }
    });
  });

  describe('RLS and grants', () => {
    it('states: everyone reads; no shopper writes', async () => {
      for (const who of EVERYONE) {
        const { data } = await clients[who].from('states').select('code').eq('code', '27');
        expect(data, who).toEqual([{ code: '27' }]);
      }
      for (const who of [...NOT_STAFF, 'staleAdmin'] as const) {
        const c = clients[who];
        expect(
          (await c.from('states').insert({ code: '99', name: 'Atlantis', kind: 'state', aliases: [] })).error,
          who,
        ).not.toBeNull();
        const up = await c
          .from('states')
          .update({ name: 'Bombay State' }, { count: 'exact' })
          .eq('code', '27');
        expect(up.error !== null || up.count === 0, who).toBe(true);
        const del = await c.from('states').delete({ count: 'exact' }).eq('code', '27');
        expect(del.error !== null || del.count === 0, who).toBe(true);
      }
      expect((await s.db.query(`select name from public.states where code = '27'`)).rows).toEqual([
        { name: 'Maharashtra' },
      ]);
      expect((await s.db.query(`select 1 from public.states where code = '99'`)).rows).toEqual([]);
    });

    it('pincodes: everyone reads the directory, the zone included (check_delivery tells it anyway)', async () => {
      for (const who of EVERYONE) {
        const { data, error } = await clients[who]
          .from('pincodes')
          .select('pincode, office, city, district, state_code, zone_id')
          .eq('pincode', '560001');
        expect(error, who).toBeNull();
        expect(data, who).toEqual([
          expect.objectContaining({ pincode: '560001', zone_id: expect.any(Number) }),
        ]);
      }
    });

    it('pincodes: nobody writes them directly, a fresh admin included (only through the RPCs)', async () => {
      const [p] = await freshPincodes(s.db, 1);
      const before = await fingerprint();
      for (const who of EVERYONE) {
        const c = clients[who];
        expect(
          (
            await c
              .from('pincodes')
              .insert({ pincode: '999998', office: 'X', city: 'X', district: 'X', state_code: '29' })
          ).error,
          who,
        ).not.toBeNull();
        const up = await c.from('pincodes').update({ city: 'Gotham' }, { count: 'exact' }).eq('pincode', p!);
        expect(up.error !== null || up.count === 0, who).toBe(true);
        const zone = await c.from('pincodes').update({ zone_id: null }, { count: 'exact' }).eq('pincode', p!);
        expect(zone.error !== null || zone.count === 0, who).toBe(true);
        const del = await c.from('pincodes').delete({ count: 'exact' }).eq('pincode', p!);
        expect(del.error !== null || del.count === 0, who).toBe(true);
      }
      expect(await fingerprint()).toBe(before);
    });

    it('delivery_zones: staff only — shoppers neither read nor write them', async () => {
      const zone = await makeZone(s.db);
      for (const who of NOT_STAFF) {
        const c = clients[who];
        const { data } = await c.from('delivery_zones').select('id, name');
        expect(data ?? [], who).toEqual([]);
        expect(
          (await c.from('delivery_zones').insert({ name: uniq('Shopper zone '), fee: 0 })).error,
          who,
        ).not.toBeNull();
        const up = await c.from('delivery_zones').update({ fee: 0 }, { count: 'exact' }).eq('id', zone.id);
        expect(up.error !== null || up.count === 0, who).toBe(true);
        const del = await c.from('delivery_zones').delete({ count: 'exact' }).eq('id', zone.id);
        expect(del.error !== null || del.count === 0, who).toBe(true);
      }
      const { rows } = await s.db.query<{ fee: string }>(
        'select fee::text as fee from public.delivery_zones where id = $1',
        [zone.id],
      );
      expect(Number(rows[0]!.fee)).toBe(zone.fee);
    });

    it('delivery_zones: a fresh admin adds, edits and deletes a zone; a stale one only reads', async () => {
      const admin = clients.admin;
      const name = uniq('North-East ');
      const made = await admin
        .from('delivery_zones')
        .insert({
          name,
          fee: 299,
          free_above: 9999,
          large_item_fee: 999,
          delivers_large_items: false,
          transit_days_min: 7,
          transit_days_max: 12,
          cod_available: false,
          cod_max_total: null,
          is_active: true,
        })
        .select('id, name, fee, is_default')
        .single();
      expect(made.error).toBeNull();
      expect(made.data).toMatchObject({ name, fee: 299, is_default: false });
      const id = made.data!.id;

      const stale = clients.staleAdmin;
      expect((await stale.from('delivery_zones').select('id').eq('id', id)).data).toEqual([{ id }]);
      const staleUp = await stale.from('delivery_zones').update({ fee: 1 }, { count: 'exact' }).eq('id', id);
      expect(staleUp.error !== null || staleUp.count === 0).toBe(true);
      expect(
        (await stale.from('delivery_zones').insert({ name: uniq('Stale '), fee: 1 })).error,
      ).not.toBeNull();

      const up = await admin
        .from('delivery_zones')
        .update({ fee: 349, transit_days_max: 14 }, { count: 'exact' })
        .eq('id', id);
      expect(up.error).toBeNull();
      expect(up.count).toBe(1);
      // Nobody makes a second default.
      const def = await admin
        .from('delivery_zones')
        .update({ is_default: true }, { count: 'exact' })
        .eq('id', id);
      expect(def.error !== null || def.count === 0).toBe(true);

      // Deleting a zone leaves its pincodes in the directory, delivered nowhere.
      const pins = await freshPincodes(s.db, 2);
      await assignPincodes(s.db, pins, id);
      const del = await admin.from('delivery_zones').delete({ count: 'exact' }).eq('id', id);
      expect(del.error).toBeNull();
      expect(del.count).toBe(1);
      expect(await zoneOf(pins)).toEqual([...pins].sort().map((pincode) => ({ pincode, zone: null })));
    });

    it('delivery_zones: rules hold whoever writes (transit order, money ≥ 0, one default)', async () => {
      const bad = [
        { transit_days_min: 5, transit_days_max: 3 },
        { transit_days_min: -1 },
        { fee: -1 },
        { free_above: -1 },
        { large_item_fee: -1 },
        { cod_max_total: 0 },
      ];
      for (const patch of bad) {
        const r = await clients.admin
          .from('delivery_zones')
          .insert({ name: uniq('Bad '), fee: 10, ...patch });
        expect(r.error, JSON.stringify(patch)).not.toBeNull();
        expect(r.status, JSON.stringify(patch)).toBeLessThan(500);
      }
      await expect(
        s.db.query(`insert into public.delivery_zones (name, fee, is_default) values ($1, 10, true)`, [
          uniq('Second default '),
        ]),
      ).rejects.toThrow();
      expect(
        (await s.db.query('select count(*)::int as n from public.delivery_zones where is_default')).rows,
      ).toEqual([{ n: 1 }]);
    });

    it('delivery_holidays: everyone reads; a fresh admin writes; nobody else does', async () => {
      await s.db.query(
        `insert into public.delivery_holidays (day, name) values ('2031-01-26', 'Republic Day')`,
      );
      for (const who of EVERYONE) {
        const { data, error } = await clients[who]
          .from('delivery_holidays')
          .select('day, name')
          .eq('day', '2031-01-26');
        expect(error, who).toBeNull();
        expect(data, who).toEqual([{ day: '2031-01-26', name: 'Republic Day' }]);
      }
      for (const who of [...NOT_STAFF, 'staleAdmin'] as const) {
        const c = clients[who];
        expect(
          (await c.from('delivery_holidays').insert({ day: '2031-08-15', name: 'Independence Day' })).error,
          who,
        ).not.toBeNull();
        const up = await c
          .from('delivery_holidays')
          .update({ name: 'Renamed' }, { count: 'exact' })
          .eq('day', '2031-01-26');
        expect(up.error !== null || up.count === 0, who).toBe(true);
        const del = await c.from('delivery_holidays').delete({ count: 'exact' }).eq('day', '2031-01-26');
        expect(del.error !== null || del.count === 0, who).toBe(true);
      }
      expect(
        (
          await s.db.query(
            `select name from public.delivery_holidays where day in ('2031-01-26', '2031-08-15')`,
          )
        ).rows,
      ).toEqual([{ name: 'Republic Day' }]);
      const admin = clients.admin;
      expect(
        (await admin.from('delivery_holidays').insert({ day: '2031-08-15', name: 'Independence Day' })).error,
      ).toBeNull();
      expect(
        (await admin.from('delivery_holidays').insert({ day: '2031-10-02', name: 'x'.repeat(81) })).error,
      ).not.toBeNull();
      const up = await admin
        .from('delivery_holidays')
        .update({ name: 'Gandhi Jayanti' }, { count: 'exact' })
        .eq('day', '2031-08-15');
      expect(up.count).toBe(1);
      const del = await admin
        .from('delivery_holidays')
        .delete({ count: 'exact' })
        .in('day', ['2031-01-26', '2031-08-15']);
      expect(del.count).toBe(2);
    });

    it('store_settings: everyone reads the cut-off and closed weekdays; a fresh admin alone changes them; the old delivery columns are gone', async () => {
      for (const who of EVERYONE) {
        const { data, error } = await clients[who]
          .from('store_settings')
          .select('order_cutoff, non_delivery_weekdays, cod_max_order_total')
          .single();
        expect(error, who).toBeNull();
        expect(data, who).toEqual({
          order_cutoff: '14:00:00',
          non_delivery_weekdays: [7],
          cod_max_order_total: 50000,
        });
      }
      for (const who of [...NOT_STAFF, 'staleAdmin'] as const) {
        const up = await clients[who]
          .from('store_settings')
          .update({ order_cutoff: '18:00' }, { count: 'exact' })
          .eq('id', true);
        expect(up.error !== null || up.count === 0, who).toBe(true);
      }
      const admin = clients.admin;
      const up = await admin
        .from('store_settings')
        .update({ order_cutoff: '16:30', non_delivery_weekdays: [6, 7] }, { count: 'exact' })
        .eq('id', true);
      expect(up.error).toBeNull();
      expect(up.count).toBe(1);
      expect(
        (
          await admin
            .from('store_settings')
            .update({ non_delivery_weekdays: [8] })
            .eq('id', true)
        ).error,
      ).not.toBeNull();
      expect(
        (
          await admin
            .from('store_settings')
            .update({ non_delivery_weekdays: [1, 2, 3, 4, 5, 6, 7] })
            .eq('id', true)
        ).error,
      ).not.toBeNull();
      await admin
        .from('store_settings')
        .update({ order_cutoff: '14:00', non_delivery_weekdays: [7] })
        .eq('id', true);
      expect(
        (
          await s.db.query(
            'select order_cutoff::text as c, non_delivery_weekdays as w from public.store_settings',
          )
        ).rows,
      ).toEqual([{ c: '14:00:00', w: [7] }]);
      const { rows } = await s.db.query<{ c: string }>(
        `select column_name as c from information_schema.columns where table_schema = 'public' and table_name = 'store_settings'
           and column_name in ('free_delivery_threshold', 'delivery_fee', 'delivery_days_min', 'delivery_days_max')`,
      );
      expect(rows).toEqual([]);
    });

    it('products.is_large: a fresh admin marks a product large; a customer cannot', async () => {
      const p = await plainProduct(s.db, { price: 45999, stock: 2 });
      const c = await clients.customerA
        .from('products')
        .update({ is_large: true }, { count: 'exact' })
        .eq('id', p.id);
      expect(c.error !== null || c.count === 0).toBe(true);
      const a = await clients.admin
        .from('products')
        .update({ is_large: true }, { count: 'exact' })
        .eq('id', p.id);
      expect(a.error).toBeNull();
      expect(a.count).toBe(1);
      const { data } = await clients.anon.from('products').select('is_large').eq('id', p.id).single();
      expect(data).toEqual({ is_large: true });
    });
  });

  describe('the default zone', () => {
    // Its fee and threshold out of staff's reach: db-delivery-fee-rule.test.ts.
    it("carries shared/src/pricing/delivery.ts's rule and the spec's 5–7 days", async () => {
      const { data } = await clients.admin
        .from('delivery_zones')
        .select(
          'name, fee, free_above, large_item_fee, delivers_large_items, transit_days_min, transit_days_max, cod_available, cod_max_total, is_active, is_default',
        )
        .eq('is_default', true)
        .single();
      expect(data).toEqual({
        name: 'Standard',
        fee: DELIVERY_FEE,
        free_above: FREE_DELIVERY_THRESHOLD,
        large_item_fee: 0,
        delivers_large_items: true,
        transit_days_min: 5,
        transit_days_max: 7,
        cod_available: true,
        cod_max_total: null,
        is_active: true,
        is_default: true,
      });
    });

    it('cannot be deactivated or deleted; its other terms are staff’s to edit', async () => {
      const admin = clients.admin;
      const off = await admin.from('delivery_zones').update({ is_active: false }).eq('id', standardId);
      expect(off.error?.details).toBe('default_zone_required');
      const del = await admin.from('delivery_zones').delete().eq('id', standardId);
      expect(del.error?.details).toBe('default_zone_required');
      expect(
        (await s.db.query('select is_active from public.delivery_zones where id = $1', [standardId])).rows,
      ).toEqual([{ is_active: true }]);
      // The same fee sent back unchanged, with other terms: fine.
      const edit = await admin
        .from('delivery_zones')
        .update({ transit_days_max: 8, fee: DELIVERY_FEE }, { count: 'exact' })
        .eq('id', standardId);
      expect(edit.error).toBeNull();
      expect(edit.count).toBe(1);
      await admin.from('delivery_zones').update({ transit_days_max: 7 }).eq('id', standardId);
      expect(
        (await s.db.query('select transit_days_max from public.delivery_zones where id = $1', [standardId]))
          .rows,
      ).toEqual([{ transit_days_max: 7 }]);
    });
  });

  describe('admin_assign_pincodes', () => {
    let east: Zone;
    let west: Zone;
    beforeAll(async () => {
      east = await makeZone(s.db, { name: uniq('East ') });
      west = await makeZone(s.db, { name: uniq('West ') });
    });
    const assign = (who: Who, rows: Json, dry_run?: boolean) =>
      clients[who].rpc('admin_assign_pincodes', dry_run === undefined ? { rows } : { rows, dry_run });

    it('previews the changes by default and writes nothing', async () => {
      const pins = await freshPincodes(s.db, 3);
      await assignPincodes(s.db, pins, standardId);
      const before = await fingerprint();
      const rows = [
        { pincode: pins[0], zone: east.name },
        { pincode: pins[1], zone: '' },
        { pincode: pins[2], zone: 'Standard' },
      ];
      for (const dry of [undefined, true]) {
        const { data, error } = await assign('admin', rows, dry);
        expect(error).toBeNull();
        const a = asAnswer(data);
        expect(a).toMatchObject({ applied: false, total: 3, changed: 2, unchanged: 1, errors: [] });
        expect(a.changes).toHaveLength(2);
        expect(a.changes[0]).toMatchObject({ pincode: pins[0], from: 'Standard', to: east.name });
        expect(a.changes[1]).toMatchObject({ pincode: pins[1], from: 'Standard' });
        expect([null, '']).toContain(a.changes[1]!.to);
      }
      expect(await fingerprint()).toBe(before);
    });

    it('applies the rows; the same file again changes nothing', async () => {
      const pins = await freshPincodes(s.db, 4);
      await assignPincodes(s.db, pins, standardId);
      const rows = [
        { pincode: pins[0], zone: east.name },
        { pincode: pins[1], zone: west.name },
        { pincode: pins[2], zone: '' },
        { pincode: pins[3], zone: 'Standard' },
      ];
      const first = asAnswer((await assign('admin', rows, false)).data);
      expect(first).toMatchObject({ applied: true, total: 4, changed: 3, unchanged: 1, errors: [] });
      expect(await zoneOf(pins)).toEqual(
        [
          { pincode: pins[0]!, zone: east.name },
          { pincode: pins[1]!, zone: west.name },
          { pincode: pins[2]!, zone: null },
          { pincode: pins[3]!, zone: 'Standard' },
        ].sort((a, b) => (a.pincode < b.pincode ? -1 : 1)),
      );
      const again = asAnswer((await assign('admin', rows, false)).data);
      expect(again).toMatchObject({ total: 4, changed: 0, unchanged: 4, changes: [], errors: [] });
      // What the shopper is told follows at once.
      const c = await clients.anon.rpc('check_delivery', { pincode: pins[2]! });
      expect(c.data).toMatchObject({ serviceable: false, reason: 'not_serviceable' });
    });

    it('lists every bad row by its number and applies none of the file', async () => {
      const [good, dupe] = await freshPincodes(s.db, 2);
      await assignPincodes(s.db, [good!, dupe!], standardId);
      const before = await fingerprint();
      const rows: Json = [
        { pincode: good!, zone: east.name }, // 1: fine
        { pincode: '999999', zone: east.name }, // 2: not in the directory
        { pincode: dupe!, zone: 'Nowhere zone' }, // 3: no such zone
        { pincode: '56001', zone: east.name }, // 4: not a pincode
        { pincode: dupe!, zone: west.name }, // 5: the same pincode twice
        { zone: east.name }, // 6: no pincode
        'not a row', // 7
      ];
      for (const dry of [true, false]) {
        const { data, error } = await assign('admin', rows, dry);
        expect(error).toBeNull();
        const a = asAnswer(data);
        expect(a.applied).toBe(false);
        expect(a.total).toBe(7);
        expect(a.errors.map((e) => e.row).sort((x, y) => x - y)).toEqual(
          expect.arrayContaining([2, 3, 4, 6, 7]),
        );
        expect(a.errors.map((e) => e.row)).not.toContain(1);
        // The duplicate is named (at its second row, or both).
        expect(a.errors.some((e) => e.row === 5 || e.row === 3)).toBe(true);
        expect(a.errors.filter((e) => e.row === 5)).toHaveLength(1);
        for (const e of a.errors) expect(e.message.length, JSON.stringify(e)).toBeGreaterThan(5);
        expect(a.errors.find((e) => e.row === 2)).toMatchObject({ pincode: '999999' });
      }
      expect(await fingerprint()).toBe(before);
    });

    it('refuses a file that is not a list, as a 400', async () => {
      for (const rows of [{ pincode: '560001', zone: 'Standard' }, 'x', 5] as Json[]) {
        const { status, error } = await assign('admin', rows, false);
        expect(status, JSON.stringify(rows)).toBe(400);
        expect(error).not.toBeNull();
      }
    });

    it('is refused to visitors, customers, a pretender and a stale admin', async () => {
      const [p] = await freshPincodes(s.db, 1);
      await assignPincodes(s.db, [p!], standardId);
      const before = await fingerprint();
      for (const who of NOT_STAFF) {
        for (const dry of [true, false]) {
          const { data, error, status } = await assign(who, [{ pincode: p!, zone: '' }], dry);
          expect(data, who).toBeNull();
          expect([401, 403], who).toContain(status);
          expect(error?.code, who).toBe('42501');
        }
      }
      const stale = await assign('staleAdmin', [{ pincode: p!, zone: '' }], false);
      expect(stale.error?.code).toBe('42501');
      expect(await fingerprint()).toBe(before);
    });
  });

  describe('admin_load_pincodes', () => {
    const load = (who: Who, rows: Json, dry_run?: boolean) =>
      clients[who].rpc('admin_load_pincodes', dry_run === undefined ? { rows } : { rows, dry_run });
    const NEW_PIN = '999901';

    it('previews a file of new and changed pincodes, writing nothing', async () => {
      const [known] = await freshPincodes(s.db, 1);
      const before = await fingerprint();
      const rows = [
        {
          pincode: NEW_PIN,
          office: 'Test Nagar S.O',
          city: 'Test City',
          district: 'Test District',
          state: 'Karnataka',
        },
        {
          pincode: known!,
          office: 'Renamed S.O',
          city: 'Renamed City',
          district: 'Renamed District',
          state: '29',
        },
      ];
      for (const dry of [undefined, true]) {
        const a = asAnswer((await load('admin', rows, dry)).data);
        expect(a).toMatchObject({ applied: false, total: 2, added: 1, updated: 1, unchanged: 0, errors: [] });
      }
      expect(await fingerprint()).toBe(before);
    });

    it('adds new pincodes to the default zone, updates others by state name, code or alias; again: no change', async () => {
      const [known] = await freshPincodes(s.db, 1);
      const zoneBefore = (
        await s.db.query<{ z: number | null }>(
          'select zone_id::int as z from public.pincodes where pincode = $1',
          [known!],
        )
      ).rows[0]!.z;
      const rows = [
        {
          pincode: '999902',
          office: 'Cuttack Test S.O',
          city: 'Cuttack',
          district: 'Cuttack',
          state: 'Orissa',
        },
        {
          pincode: known!,
          office: 'Renamed S.O',
          city: 'Renamed City',
          district: 'Renamed District',
          state: '29',
        },
      ];
      const first = asAnswer((await load('admin', rows, false)).data);
      expect(first).toMatchObject({
        applied: true,
        total: 2,
        added: 1,
        updated: 1,
        unchanged: 0,
        errors: [],
      });
      const { rows: got } = await s.db.query(
        `select pincode, office, city, district, state_code, zone_id::int as zone_id from public.pincodes
         where pincode = any ($1::text[]) order by pincode`,
        [['999902', known!]],
      );
      expect(got).toEqual(
        [
          {
            pincode: '999902',
            office: 'Cuttack Test S.O',
            city: 'Cuttack',
            district: 'Cuttack',
            state_code: '21',
            zone_id: standardId,
          },
          {
            pincode: known!,
            office: 'Renamed S.O',
            city: 'Renamed City',
            district: 'Renamed District',
            state_code: '29',
            zone_id: zoneBefore,
          },
        ].sort((a, b) => (a.pincode < b.pincode ? -1 : 1)),
      );
      const again = asAnswer((await load('admin', rows, false)).data);
      expect(again).toMatchObject({ total: 2, added: 0, updated: 0, unchanged: 2, changed: 0, errors: [] });
      // A shopper finds the new pincode at once.
      const c = await clients.anon.rpc('check_delivery', { pincode: '999902' });
      expect(c.data).toMatchObject({ serviceable: true, zone: 'Standard', place: { state: 'Odisha' } });
    });

    it('lists every bad row by its number and applies none of the file', async () => {
      const before = await fingerprint();
      const rows: Json = [
        { pincode: '999903', office: 'Fine S.O', city: 'Fine', district: 'Fine', state: 'Kerala' }, // 1
        { pincode: '99990', office: 'x', city: 'x', district: 'x', state: 'Kerala' }, // 2: five digits
        { pincode: '099990', office: 'x', city: 'x', district: 'x', state: 'Kerala' }, // 3: leading 0
        { pincode: '999904', office: 'x', city: 'x', district: 'x', state: 'Atlantis' }, // 4: no such state
        { pincode: '999905', office: 'x', city: '', district: 'x', state: 'Kerala' }, // 5: no city
        { pincode: '999903', office: 'Again S.O', city: 'Again', district: 'Again', state: 'Kerala' }, // 6: duplicate of 1
        [1, 2, 3], // 7
      ];
      for (const dry of [true, false]) {
        const a = asAnswer((await load('admin', rows, dry)).data);
        expect(a.applied).toBe(false);
        expect(a.total).toBe(7);
        expect(a.errors.map((e) => e.row)).toEqual(expect.arrayContaining([2, 3, 4, 5, 6, 7]));
        expect(a.errors.map((e) => e.row)).not.toContain(1);
        expect(a.errors.find((e) => e.row === 4)).toMatchObject({ pincode: '999904' });
      }
      expect(await fingerprint()).toBe(before);
    });

    it('is refused to visitors, customers, a pretender and a stale admin', async () => {
      const before = await fingerprint();
      const rows = [{ pincode: '999906', office: 'x', city: 'x', district: 'x', state: 'Kerala' }];
      for (const who of NOT_STAFF) {
        for (const dry of [true, false]) {
          const { data, error, status } = await load(who, rows, dry);
          expect(data, who).toBeNull();
          expect([401, 403], who).toContain(status);
          expect(error?.code, who).toBe('42501');
        }
      }
      expect((await load('staleAdmin', rows, false)).error?.code).toBe('42501');
      expect(await fingerprint()).toBe(before);
    });
  });
});
