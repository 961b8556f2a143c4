/**
 * The delivery fee rule is a constant of the code (docs/decisions/007): every screen shows
 * shared/src/pricing/delivery.ts, and since issue 17 the default delivery zone (Standard) carries the
 * same two amounts, which check_delivery and place_order charge by. Nobody edits that zone's fee or
 * threshold through the API — not even a fresh admin (error detail 'default_zone_fee_rule') — so the
 * two cannot drift apart. The zone's other terms and the other store settings stay editable by a
 * fresh admin.
 */
import { beforeAll, expect, it } from 'vitest';
import { DELIVERY_FEE, FREE_DELIVERY_THRESHOLD } from '../../shared/src/pricing/delivery.ts';
import type { TestServer } from 'supabase-local/testing';
import { addPeople, forEachStoreServer, PEOPLE, storeClient } from './support/store.ts';

forEachStoreServer('the delivery fee rule', ({ server }) => {
  let s: TestServer;
  let standard: number;
  beforeAll(async () => {
    s = server();
    await addPeople(s.db);
    standard = Number(
      (await s.db.query<{ id: string }>('select id from public.delivery_zones where is_default')).rows[0]!.id,
    );
  });

  const rule = async () =>
    (
      await s.db.query<{ threshold: string; fee: string; name: string }>(
        'select name, free_above::text as threshold, fee::text as fee from public.delivery_zones where is_default',
      )
    ).rows;

  it('is the default zone’s, equal to shared/src/pricing/delivery.ts', async () => {
    const rows = await rule();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe('Standard');
    expect(Number(rows[0]!.threshold)).toBe(FREE_DELIVERY_THRESHOLD);
    expect(Number(rows[0]!.fee)).toBe(DELIVERY_FEE);
  });

  it('nobody changes the fee or its threshold through the API, a fresh admin included', async () => {
    for (const who of [undefined, PEOPLE.customerA, PEOPLE.staleAdmin, PEOPLE.admin]) {
      const client = storeClient(s, who);
      for (const patch of [
        { fee: 0 },
        { free_above: 0 },
        { free_above: null },
        { fee: 49, free_above: 1999 },
      ]) {
        const { error, count } = await client
          .from('delivery_zones')
          .update(patch, { count: 'exact' })
          .eq('id', standard);
        expect(error !== null || count === 0, `${who?.email ?? 'anon'} ${JSON.stringify(patch)}`).toBe(true);
        if (who === PEOPLE.admin) expect(error?.details, JSON.stringify(patch)).toBe('default_zone_fee_rule');
      }
    }
    const { data: afterAdmin } = await storeClient(s, PEOPLE.admin)
      .from('delivery_zones')
      .update({ fee: 0 })
      .eq('id', standard)
      .select('fee');
    expect(afterAdmin).toBeNull();
    const { threshold, fee } = (await rule())[0]!;
    expect(Number(threshold)).toBe(FREE_DELIVERY_THRESHOLD);
    expect(Number(fee)).toBe(DELIVERY_FEE);
  });

  it('check_delivery charges by it in the default zone', async () => {
    const anon = storeClient(s);
    const pincode = (
      await s.db.query<{ pincode: string }>(
        'select pincode from public.pincodes where zone_id = $1 order by pincode limit 1',
        [standard],
      )
    ).rows[0]!.pincode;
    for (const [subtotal, fee] of [
      [FREE_DELIVERY_THRESHOLD - 0.01, DELIVERY_FEE],
      [FREE_DELIVERY_THRESHOLD, 0],
    ] as const) {
      const { data, error } = await anon.rpc('check_delivery', { pincode, items: [], subtotal });
      expect(error).toBeNull();
      expect(data).toMatchObject({ zone: 'Standard', fee, free_above: FREE_DELIVERY_THRESHOLD });
    }
  });

  it('a fresh admin still edits the other settings (the cash on delivery cap, the cut-off)', async () => {
    const admin = storeClient(s, PEOPLE.admin);
    const { error, count } = await admin
      .from('store_settings')
      .update({ cod_max_order_total: 40000, order_cutoff: '15:00' }, { count: 'exact' })
      .eq('id', true);
    expect(error).toBeNull();
    expect(count).toBe(1);
    await admin
      .from('store_settings')
      .update({ cod_max_order_total: 50000, order_cutoff: '14:00' })
      .eq('id', true);
  });
});
