import { formatINR } from 'shared/pricing/format';
import type { Tables, TablesInsert } from 'shared/types/database';

type Zone = Tables<'delivery_zones'>;

/** What the zone form holds (number inputs hold '' when cleared). */
export type ZoneFormValues = {
  [K in keyof ZoneRow]?: ZoneRow[K] | string;
} & { is_default?: boolean | null };

/** The columns staff write; `is_default` is the database's (exactly one default zone). */
export type ZoneRow = Omit<TablesInsert<'delivery_zones'>, 'id' | 'is_default' | 'created_at' | 'updated_at'>;

export type ZoneErrors = Partial<Record<keyof ZoneRow, string>>;

/** The number in an input, null when blank, NaN when not a number. */
function numberIn(value: unknown): number | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
    return null;
  return typeof value === 'number' ? value : Number(value);
}

const MONEY = 10_000_000;
const money = (v: number) => Number.isFinite(v) && v >= 0 && v < MONEY && Math.round(v * 100) === v * 100;
const days = (v: number) => Number.isInteger(v) && v >= 0 && v <= 60;

/**
 * The form's checks, the table's own ones said for staff: amounts in rupees and paise, never below
 * 0; transit a whole number of working days with the minimum at most the maximum; a COD cap only
 * above ₹0. The database checks again (constraints, the default zone's rule).
 */
export function zoneErrors(values: ZoneFormValues): ZoneErrors {
  const errors: ZoneErrors = {};
  const name = typeof values.name === 'string' ? values.name.trim() : '';
  if (name === '') errors.name = 'Give the zone a name.';
  else if (name.length > 60) errors.name = 'At most 60 characters.';
  const amount = (key: 'fee' | 'free_above' | 'large_item_fee' | 'cod_max_total', optional: boolean) => {
    const v = numberIn(values[key]);
    if (v === null) {
      if (!optional) errors[key] = 'Enter an amount (0 for none).';
    } else if (!money(v)) errors[key] = 'Enter an amount in rupees, ₹0 or more (at most two decimals).';
  };
  amount('fee', false);
  amount('free_above', true);
  amount('large_item_fee', false);
  amount('cod_max_total', true);
  if (errors.cod_max_total === undefined && numberIn(values.cod_max_total) === 0)
    errors.cod_max_total = 'Leave it empty for no zone limit, or untick Cash on Delivery.';
  const min = numberIn(values.transit_days_min);
  const max = numberIn(values.transit_days_max);
  if (min === null || !days(min)) errors.transit_days_min = 'Enter whole working days, 0 to 60.';
  if (max === null || !days(max)) errors.transit_days_max = 'Enter whole working days, 0 to 60.';
  else if (min !== null && days(min) && max < min)
    errors.transit_days_max = 'The maximum must be at least the minimum.';
  return errors;
}

/** react-admin's form-level `validate`: the same checks. */
export const validateZone = (values: ZoneFormValues) => zoneErrors(values);

/**
 * The row a save sends: trimmed name, numbers, blank optional amounts as null (no threshold: never
 * free; no cap: only the store's). The default zone's fee and free-above are the storefront
 * banner's rule, changed only by a migration: they are never sent for it.
 */
export function toZoneRow(values: ZoneFormValues): ZoneRow | Omit<ZoneRow, 'fee' | 'free_above'> {
  const n = (v: unknown) => numberIn(v) ?? 0;
  const row: ZoneRow = {
    name: typeof values.name === 'string' ? values.name.trim() : '',
    fee: n(values.fee),
    free_above: numberIn(values.free_above),
    large_item_fee: n(values.large_item_fee),
    delivers_large_items: Boolean(values.delivers_large_items),
    transit_days_min: n(values.transit_days_min),
    transit_days_max: n(values.transit_days_max),
    cod_available: Boolean(values.cod_available),
    cod_max_total: values.cod_available ? numberIn(values.cod_max_total) : null,
    is_active: values.is_default ? true : Boolean(values.is_active),
  };
  if (!values.is_default) return row;
  const { fee: _fee, free_above: _freeAbove, ...rest } = row;
  return rest;
}

/** "₹99, free from ₹2,999" / "₹0" / "₹149, never free" */
export function feeLabel(z: Pick<Zone, 'fee' | 'free_above'>): string {
  const fee = formatINR(z.fee);
  if (z.free_above === null) return z.fee === 0 ? fee : `${fee}, never free`;
  return `${fee}, free from ${formatINR(z.free_above)}`;
}

export function transitLabel(z: Pick<Zone, 'transit_days_min' | 'transit_days_max'>): string {
  const range =
    z.transit_days_min === z.transit_days_max
      ? `${z.transit_days_min}`
      : `${z.transit_days_min}–${z.transit_days_max}`;
  return `${range} working ${z.transit_days_max === 1 ? 'day' : 'days'}`;
}

export function largeItemLabel(z: Pick<Zone, 'delivers_large_items' | 'large_item_fee'>): string {
  if (!z.delivers_large_items) return 'Not delivered';
  return z.large_item_fee > 0 ? `${formatINR(z.large_item_fee)} extra each` : 'No extra fee';
}

export function codLabel(z: Pick<Zone, 'cod_available' | 'cod_max_total'>): string {
  if (!z.cod_available) return 'No';
  return z.cod_max_total === null ? 'Yes (store limit)' : `Yes, up to ${formatINR(z.cod_max_total)}`;
}
