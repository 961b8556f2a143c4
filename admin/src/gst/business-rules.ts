import { checkGstin, normalizeGstin } from 'shared/gst/gstin';
import type { TablesUpdate } from 'shared/types/database';

/**
 * The store's legal details in store_settings: what every tax invoice (CGST Rules, rule 46), the
 * footer and /legal show (Consumer Protection (E-Commerce) Rules 2020, rule 4: seller, grievance
 * officer, customer care). gst_state_code and pan are generated from the GSTIN by the database:
 * shown, never sent.
 */
export const BUSINESS_FIELDS = [
  'legal_name',
  'registered_address',
  'gstin',
  'authorised_signatory',
  'invoice_prefix',
  'credit_note_prefix',
  'grievance_officer_name',
  'grievance_officer_designation',
  'grievance_officer_email',
  'grievance_officer_phone',
  'grievance_officer_hours',
  'customer_care_email',
  'customer_care_phone',
  'customer_care_hours',
] as const;
export type BusinessField = (typeof BUSINESS_FIELDS)[number];
/** The nullable texts: everything but the GSTIN (normalised) and the prefixes (not null). */
const TEXT_FIELDS = BUSINESS_FIELDS.filter(
  (f): f is Exclude<BusinessField, 'gstin' | 'invoice_prefix' | 'credit_note_prefix'> =>
    f !== 'gstin' && f !== 'invoice_prefix' && f !== 'credit_note_prefix',
);

export type BusinessValues = Partial<Record<BusinessField, string | null>>;
export type BusinessErrors = Partial<Record<BusinessField, string>>;
export type BusinessRow = Pick<TablesUpdate<'store_settings'>, BusinessField>;

/** Invoices need the seller, its GSTIN and a signatory; the E-Commerce Rules the officer and care. Hours may wait. */
const REQUIRED: Partial<Record<BusinessField, string>> = {
  legal_name: 'Enter the registered (legal) name of the business.',
  registered_address: 'Enter the registered address, as on the GST registration.',
  gstin: 'Enter the store’s GSTIN.',
  authorised_signatory: 'Enter who signs the invoices (name, designation).',
  invoice_prefix: 'Enter the invoice prefix.',
  credit_note_prefix: 'Enter the credit note prefix.',
  grievance_officer_name: 'Enter the grievance officer’s name.',
  grievance_officer_designation: 'Enter the grievance officer’s designation.',
  grievance_officer_email: 'Enter the grievance officer’s e-mail.',
  grievance_officer_phone: 'Enter the grievance officer’s phone number.',
  customer_care_email: 'Enter the customer care e-mail.',
  customer_care_phone: 'Enter the customer care phone number.',
};

/** The database's check on both prefixes: 1 to 4 capital letters or digits (the number stays ≤ 16 characters). */
export const PREFIX_PATTERN = /^[A-Z0-9]{1,4}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** +91 80 1234 5678, 1800-123-4567: digits with spaces, dashes, brackets; 8 to 15 digits. */
const PHONE = /^\+?[0-9][0-9 ()-]*$/;

/** The database's lengths (store_settings_legal_text_check). */
const LENGTHS: Partial<Record<BusinessField, [number, number]>> = {
  legal_name: [2, 150],
  registered_address: [10, 300],
  authorised_signatory: [1, 100],
  grievance_officer_name: [1, 100],
  grievance_officer_designation: [1, 100],
  grievance_officer_hours: [1, 100],
  customer_care_hours: [1, 100],
};

const trimmed = (v: string | null | undefined) => (v ?? '').trim();
const prefix = (v: string | null | undefined) => trimmed(v).toUpperCase();

export function businessErrors(values: BusinessValues): BusinessErrors {
  const errors: BusinessErrors = {};
  for (const [field, message] of Object.entries(REQUIRED) as [BusinessField, string][])
    if (trimmed(values[field]) === '') errors[field] = message;
  for (const [field, [min, max]] of Object.entries(LENGTHS) as [BusinessField, [number, number]][]) {
    const n = trimmed(values[field]).length;
    if (n > 0 && (n < min || n > max))
      errors[field] = min > 1 ? `Use ${min} to ${max} characters.` : `Use at most ${max} characters.`;
  }
  const gstin = trimmed(values.gstin);
  if (gstin !== '') {
    const check = checkGstin(gstin);
    if (!check.ok) errors.gstin = check.message;
  }
  for (const field of ['invoice_prefix', 'credit_note_prefix'] as const) {
    const p = prefix(values[field]);
    if (p !== '' && !PREFIX_PATTERN.test(p)) errors[field] = 'Use 1 to 4 letters A–Z or digits.';
  }
  const [inv, cn] = [prefix(values.invoice_prefix), prefix(values.credit_note_prefix)];
  if (inv !== '' && inv === cn && !errors.credit_note_prefix)
    errors.credit_note_prefix =
      'Credit notes need a series of their own: use a prefix other than the invoices’.';
  for (const field of ['grievance_officer_email', 'customer_care_email'] as const) {
    const e = trimmed(values[field]);
    if (e !== '' && !EMAIL.test(e)) errors[field] = 'Enter an e-mail address, e.g. grievance@furnicraft.in.';
  }
  for (const field of ['grievance_officer_phone', 'customer_care_phone'] as const) {
    const p = trimmed(values[field]);
    const digits = p.replace(/\D/g, '').length;
    if (p !== '' && (!PHONE.test(p) || p.length > 20 || digits < 8 || digits > 15))
      errors[field] = 'Enter a phone number of 8 to 15 digits, e.g. +91 80 1234 5678.';
  }
  return errors;
}

/** What a save sends: the business columns only (trimmed; blank → null), GSTIN and prefixes in capitals. */
export function toBusinessRow(values: BusinessValues): BusinessRow {
  const gstin = trimmed(values.gstin);
  const row: BusinessRow = {
    gstin: gstin === '' ? null : normalizeGstin(gstin),
    // not null columns (defaults FC, FCCN): the form requires them
    invoice_prefix: prefix(values.invoice_prefix),
    credit_note_prefix: prefix(values.credit_note_prefix),
  };
  for (const field of TEXT_FIELDS) {
    const v = trimmed(values[field]);
    row[field] = v === '' ? null : v;
  }
  return row;
}

/** What the database will derive from a valid GSTIN (its generated columns): state code and PAN. */
export function gstinParts(value: string | null | undefined): { stateCode: string; pan: string } | null {
  const check = checkGstin(trimmed(value));
  return check.ok ? { stateCode: check.gstin.slice(0, 2), pan: check.gstin.slice(2, 12) } : null;
}
