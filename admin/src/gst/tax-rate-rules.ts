import type { TablesInsert } from 'shared/types/database';

/**
 * A row of tax_rates: the GST rate of an HSN heading (4 digits), subheading (6) or tariff item (8)
 * from a date, with the notification that set it. The longest HSN that starts a product's code
 * decides its rate (shared/src/gst/rates.ts, private.gst_rate in the database).
 */
export const HSN_PATTERN = /^[0-9]{4}([0-9]{2}){0,2}$/;
/** GST's highest rate today is 40% (the 2025 revision); the database's check is 0 to 40. */
export const MAX_RATE = 40;

export type TaxRateValues = {
  hsn_code?: string | null;
  description?: string | null;
  rate?: number | string | null;
  effective_from?: string | null;
  notification?: string | null;
};
export type TaxRateErrors = Partial<Record<keyof TaxRateValues, string>>;

const trimmed = (v: string | null | undefined) => (v ?? '').trim();

/** An HSN code as the database accepts it (4, 6 or 8 digits), or why not. */
export function hsnError(value: unknown): string | undefined {
  const v = typeof value === 'string' ? value.trim() : '';
  if (v === '') return 'Enter the HSN code.';
  return HSN_PATTERN.test(v) ? undefined : 'An HSN code is 4, 6 or 8 digits, e.g. 9403 or 94038200.';
}

export function taxRateErrors(values: TaxRateValues): TaxRateErrors {
  const errors: TaxRateErrors = {};
  const hsn = hsnError(values.hsn_code);
  if (hsn) errors.hsn_code = hsn;
  if (trimmed(values.description) === '') errors.description = 'Describe the goods, e.g. Wooden furniture.';
  const raw = values.rate;
  const rate = raw === '' || raw === null || raw === undefined ? NaN : Number(raw);
  if (
    !Number.isFinite(rate) ||
    rate < 0 ||
    rate > MAX_RATE ||
    Math.abs(Math.round(rate * 100) - rate * 100) > 1e-6
  )
    errors.rate = `The rate is a percentage from 0 to ${MAX_RATE}, at most two decimals (e.g. 18 or 2.5).`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(trimmed(values.effective_from)))
    errors.effective_from = 'Enter the date the rate applies from.';
  return errors;
}

/** What a save sends (the form's checks passed): trimmed, the notification null when blank. */
export function toTaxRateRow(values: TaxRateValues): TablesInsert<'tax_rates'> {
  const notification = trimmed(values.notification);
  return {
    hsn_code: trimmed(values.hsn_code),
    description: trimmed(values.description),
    rate: Number(values.rate),
    effective_from: trimmed(values.effective_from),
    notification: notification === '' ? null : notification,
  };
}

/** 18 → "18%", 2.5 → "2.5%". */
export const percent = (rate: number) => `${Number(rate.toFixed(2))}%`;
