/**
 * The delivery fee rule is a constant of the code (docs/decisions/007): every screen shows
 * shared/src/pricing/delivery.ts, place_order charges by store_settings, and nobody edits the row's
 * fee or threshold through the API — not even a fresh admin — so the two cannot drift apart.
 * The other store settings stay editable by a fresh admin.
 */
import { beforeAll, expect, it } from 'vitest';
import { DELIVERY_FEE, FREE_DELIVERY_THRESHOLD } from '../../shared/src/pricing/delivery.ts';
import type { TestServer } from 'supabase-local/testing';
import { addPeople, forEachStoreServer, PEOPLE, storeClient } from './support/store.ts';

forEachStoreServer('the delivery fee rule', ({ server }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = server();
    await addPeople(s.db);
  });

  const rule = async () =>
    (
      await s.db.query<{ threshold: string; fee: string }>(
        'select free_delivery_threshold::text as threshold, delivery_fee::text as fee from public.store_settings',
      )
    ).rows[0]!;

  it('nobody changes the fee or its threshold through the API, a fresh admin included', async () => {
    for (const who of [undefined, PEOPLE.customerA, PEOPLE.admin]) {
      const client = storeClient(s, who);
      for (const patch of [{ delivery_fee: 0 }, { free_delivery_threshold: 0 }]) {
        const { error, count } = await client
          .from('store_settings')
          .update(patch, { count: 'exact' })
          .eq('id', true);
        expect(error !== null || count === 0, `${who?.email ?? 'anon'} ${JSON.stringify(patch)}`).toBe(true);
      }
    }
    const { data: afterAdmin } = await storeClient(s, PEOPLE.admin)
      .from('store_settings')
      .update({ delivery_fee: 0 })
      .eq('id', true)
      .select('delivery_fee');
    expect(afterAdmin).toBeNull();
    const { threshold, fee } = await rule();
    expect(Number(threshold)).toBe(FREE_DELIVERY_THRESHOLD);
    expect(Number(fee)).toBe(DELIVERY_FEE);
  });

  it('a fresh admin still edits the other settings (the cash on delivery cap)', async () => {
    const admin = storeClient(s, PEOPLE.admin);
    const { error, count } = await admin
      .from('store_settings')
      .update({ cod_max_order_total: 40000 }, { count: 'exact' })
      .eq('id', true);
    expect(error).toBeNull();
    expect(count).toBe(1);
    await admin.from('store_settings').update({ cod_max_order_total: 50000 }).eq('id', true);
  });
});
