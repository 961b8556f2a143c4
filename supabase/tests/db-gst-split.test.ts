/**
 * One tax split (issue 18): the database's private.split_gst, which decides what an order records,
 * gives the hand-checked answers of supabase/tests/fixtures/gst-split-cases.json (the cases
 * shared/src/gst/split.ts is held to as well), and the same paise as the browser's preview
 * (splitTax) for 300 seeded random carts:
 * several lines at different rates, a discount and a delivery fee with leftover paise, every supply
 * type. Called as the superuser, as the delivery suites call private.delivery_dates.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { splitTax, type SupplyType } from '../../shared/src/gst/split.ts';
import { forEachStoreServer } from './support/store.ts';
import { paise, type SplitLine } from './support/gst.ts';
import type { TestServer } from 'supabase-local/testing';

interface Case {
  name: string;
  supply_type: SupplyType;
  discount: string;
  fee: string;
  lines: { amount: string; rate: string }[];
  expected: { lines: Record<keyof SplitLine, string>[] };
}

const CASES = JSON.parse(
  readFileSync(new URL('./fixtures/gst-split-cases.json', import.meta.url), 'utf8'),
) as Case[];

const COLUMNS = [
  'discount_share',
  'delivery_share',
  'taxable_value',
  'cgst',
  'sgst',
  'utgst',
  'igst',
] as const satisfies readonly (keyof SplitLine)[];

/** mulberry32: the same carts every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

forEachStoreServer('GST split: SQL = fixture = TS preview', ({ server }) => {
  let s: TestServer;
  beforeAll(() => {
    s = server();
  });

  /** private.split_gst's answer, each column as the database's text ('1083.90'). */
  async function sqlSplit(
    lines: { amount: string | number; rate: string | number }[],
    discount: string | number,
    fee: string | number,
    supply: SupplyType,
  ): Promise<Record<keyof SplitLine, string>[]> {
    const { rows } = await s.db.query<Record<keyof SplitLine | 'ord', string>>(
      `select ord::text, discount_share::text, delivery_share::text, taxable_value::text, cgst::text, sgst::text,
         utgst::text, igst::text
       from private.split_gst($1::jsonb, $2::numeric, $3::numeric, $4) order by ord`,
      [JSON.stringify(lines), String(discount), String(fee), supply],
    );
    expect(rows.map((r) => r.ord)).toEqual(lines.map((_, i) => String(i + 1)));
    return rows.map(
      (r) => Object.fromEntries(COLUMNS.map((c) => [c, r[c]])) as Record<keyof SplitLine, string>,
    );
  }

  it(`the fixture has the cases the helper wrote (${CASES.length})`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(10);
    expect(new Set(CASES.map((c) => c.supply_type))).toEqual(new Set(['cgst_sgst', 'cgst_utgst', 'igst']));
  });

  for (const c of CASES)
    it(`fixture: ${c.name}`, async () => {
      expect(await sqlSplit(c.lines, c.discount, c.fee, c.supply_type)).toEqual(c.expected.lines);
    });

  it('300 seeded random carts: the database and the TS preview agree to the paisa', async () => {
    const random = prng(18);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const RATES = [0, 0.25, 3, 5, 12, 18, 28, 40] as const;
    const SUPPLY = ['cgst_sgst', 'cgst_utgst', 'igst'] as const;
    for (let n = 0; n < 300; n++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 5) }, () => ({
        amount: 1 + Math.floor(random() * (random() < 0.2 ? 500 : 5_000_000)),
        rate: pick(RATES),
      }));
      const gross = lines.reduce((a, l) => a + l.amount, 0);
      const discount = random() < 0.3 ? 0 : Math.floor(random() * gross);
      const fee = random() < 0.3 ? 0 : Math.floor(random() * 50_000);
      const supply = pick(SUPPLY);
      const rupees = (p: number) => (p / 100).toFixed(2);
      const cart = JSON.stringify({ lines, discount, fee, supply });

      const db = (
        await sqlSplit(
          lines.map((l) => ({ amount: rupees(l.amount), rate: l.rate })),
          rupees(discount),
          rupees(fee),
          supply,
        )
      ).map((r) => Object.fromEntries(COLUMNS.map((c) => [c, paise(r[c])])));
      const ts = splitTax({
        lines: lines.map((l) => ({ amount: l.amount / 100, rate: l.rate })),
        discount: discount / 100,
        deliveryFee: fee / 100,
        supplyType: supply,
      }).lines.map((l) => ({
        discount_share: paise(l.discountShare),
        delivery_share: paise(l.deliveryShare),
        taxable_value: paise(l.taxableValue),
        cgst: paise(l.cgst),
        sgst: paise(l.sgst),
        utgst: paise(l.utgst),
        igst: paise(l.igst),
      }));
      expect(db, cart).toEqual(ts);
    }
  }, 120_000);
});
