/**
 * Delivery by pincode (issue 17) for the db-delivery* suites: zones and pincode assignments written
 * as the superuser, the date rule asked of private.delivery_dates itself (never re-computed here, so
 * the suites agree with the database whatever the time of day), and the answer check_delivery gives.
 */
import type { Queryable } from 'supabase-local';
import { uniq } from './variants.ts';

/** check_delivery's answer (a jsonb document, typed `Json` by the generated types). */
export interface DeliveryCheck {
  pincode: string | null;
  serviceable: boolean;
  reason: null | 'invalid_pincode' | 'unknown_pincode' | 'not_serviceable';
  message: string | null;
  place: null | { city: string; district: string; state_code: string; state: string };
  zone: string | null;
  delivery_from: string | null;
  delivery_to: string | null;
  fee: number | null;
  free_above: number | null;
  large_item_fee: number | null;
  cod: {
    available: boolean;
    reason: null | 'not_serviceable' | 'zone' | 'zone_cap' | 'store_cap';
    message: string | null;
    max_total: number | null;
  };
  items: {
    variant_id: number;
    deliverable: boolean;
    reason: null | 'large_item' | 'not_serviceable' | 'unavailable';
    message: string | null;
  }[];
}

export interface ZoneSpec {
  name?: string;
  fee?: number;
  free_above?: number | null;
  large_item_fee?: number;
  delivers_large_items?: boolean;
  transit_days_min?: number;
  transit_days_max?: number;
  cod_available?: boolean;
  cod_max_total?: number | null;
  is_active?: boolean;
}

export interface Zone extends Required<ZoneSpec> {
  id: number;
}

/** A delivery zone of a test's own (as the superuser). */
export async function makeZone(db: Queryable, spec: ZoneSpec = {}): Promise<Zone> {
  const z = {
    name: uniq('Zone '),
    fee: 149,
    free_above: 4999,
    large_item_fee: 0,
    delivers_large_items: true,
    transit_days_min: 3,
    transit_days_max: 4,
    cod_available: true,
    cod_max_total: null,
    is_active: true,
    ...spec,
  };
  const { rows } = await db.query<{ id: string }>(
    `insert into public.delivery_zones (name, fee, free_above, large_item_fee, delivers_large_items,
       transit_days_min, transit_days_max, cod_available, cod_max_total, is_active)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [
      z.name,
      z.fee,
      z.free_above,
      z.large_item_fee,
      z.delivers_large_items,
      z.transit_days_min,
      z.transit_days_max,
      z.cod_available,
      z.cod_max_total,
      z.is_active,
    ],
  );
  return { ...z, id: Number(rows[0]!.id) };
}

export interface DirectoryEntry {
  pincode: string;
  city: string;
  district: string;
  state_code: string;
  state: string;
}

/** A pincode of the directory with its place, as check_delivery names it. */
export async function directoryEntry(db: Queryable, pincode: string): Promise<DirectoryEntry> {
  const { rows } = await db.query<DirectoryEntry>(
    `select p.pincode, p.city, p.district, p.state_code, s.name as state
     from public.pincodes as p join public.states as s on s.code = p.state_code
     where p.pincode = $1`,
    [pincode],
  );
  if (!rows[0]) throw new Error(`pincode ${pincode} is not in the directory`);
  return rows[0];
}

/**
 * Directory pincodes no other test of the suite uses (distinct per call), skipping `avoid`: the
 * suites move them between zones as they need.
 */
export async function freshPincodes(db: Queryable, n: number, avoid: string[] = []): Promise<string[]> {
  const { rows } = await db.query<{ pincode: string }>(
    `select pincode from public.pincodes
     where pincode <> all ($1::text[]) and pincode <> all ($2::text[])
     order by md5(pincode || $3) limit $4`,
    [[...taken], avoid, String(process.pid), n],
  );
  if (rows.length < n) throw new Error('the pincode directory is too small for the tests');
  for (const r of rows) taken.add(r.pincode);
  return rows.map((r) => r.pincode);
}
const taken = new Set<string>();

/** Puts pincodes in a zone (null: in the directory, delivered nowhere), as the superuser. */
export async function assignPincodes(
  db: Queryable,
  pincodes: string[],
  zoneId: number | null,
): Promise<void> {
  await db.query('update public.pincodes set zone_id = $2 where pincode = any ($1::text[])', [
    pincodes,
    zoneId,
  ]);
}

export async function defaultZoneId(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ id: string }>('select id from public.delivery_zones where is_default');
  if (rows.length !== 1) throw new Error(`expected one default zone, found ${rows.length}`);
  return Number(rows[0]!.id);
}

export interface Dates {
  from: string;
  to: string;
}

/** private.delivery_dates, dates as 'YYYY-MM-DD'. */
export async function deliveryDates(
  db: Queryable,
  at: string | Date,
  daysMin: number,
  daysMax: number,
  cutoff = '14:00',
  closed: number[] = [7],
  holidays: string[] = [],
): Promise<Dates> {
  const { rows } = await db.query<{ from: string; to: string }>(
    `select delivery_from::text as "from", delivery_to::text as "to"
     from private.delivery_dates($1::timestamptz, $2::integer, $3::integer, $4::time, $5::smallint[], $6::date[])`,
    [at instanceof Date ? at.toISOString() : at, daysMin, daysMax, cutoff, closed, holidays],
  );
  if (rows.length !== 1) throw new Error(`private.delivery_dates gave ${rows.length} rows`);
  return rows[0]!;
}

/** The store's dates for a transit (plus lead time) now: its cut-off, closed weekdays and holidays. */
export async function storeDatesNow(db: Queryable, daysMin: number, daysMax: number): Promise<Dates> {
  const { rows } = await db.query<{ from: string; to: string }>(
    `select d.delivery_from::text as "from", d.delivery_to::text as "to"
     from public.store_settings as s,
       private.delivery_dates(now(), $1::integer, $2::integer, s.order_cutoff, s.non_delivery_weekdays,
         array(select h.day from public.delivery_holidays as h order by h.day)) as d
     where s.id`,
    [daysMin, daysMax],
  );
  return rows[0]!;
}

/**
 * Runs `act` between two readings of the store's dates for a transit: the answer must equal one of
 * them (both, unless the cut-off or IST midnight passed meanwhile), so no time of day makes a test flaky.
 */
export async function bracketDates<T>(
  db: Queryable,
  daysMin: number,
  daysMax: number,
  act: () => Promise<T>,
): Promise<{ result: T; allowed: Dates[] }> {
  const before = await storeDatesNow(db, daysMin, daysMax);
  const result = await act();
  const after = await storeDatesNow(db, daysMin, daysMax);
  return {
    result,
    allowed: before.from === after.from && before.to === after.to ? [before] : [before, after],
  };
}
