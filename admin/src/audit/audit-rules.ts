import type { Json } from 'shared/types/database';
import type { Row } from '@/lib/database';

/**
 * The audit log's rules, apart from the screens: what each audited table is called in the console,
 * where a record's history is, and an entry's changes as before/after pairs.
 */
export type AuditRow = Row<'audit_log'>;

/** The tables the audit triggers watch (supabase/migrations/…_create_audit_log.sql), by name. */
export const AUDITED_TABLES: Record<string, string> = {
  products: 'Products',
  product_variants: 'Variants',
  product_options: 'Product options',
  product_option_values: 'Option values',
  product_attribute_values: 'Product filters',
  categories: 'Categories',
  attributes: 'Attributes',
  attribute_values: 'Attribute values',
  stock_movements: 'Stock movements',
  orders: 'Orders',
  order_events: 'Order tracking',
  promo_codes: 'Promo codes',
  store_settings: 'Store settings',
  delivery_zones: 'Delivery zones',
  delivery_holidays: 'Delivery holidays',
  tax_rates: 'Tax rates',
  reviews: 'Reviews',
  returns: 'Returns',
  return_reasons: 'Return reasons',
  refunds: 'Refunds',
  credit_notes: 'Credit notes',
  contact_messages: 'Contact messages',
  staff_members: 'Staff',
};

export const tableChoices = Object.entries(AUDITED_TABLES).map(([id, name]) => ({ id, name }));
export const actionChoices = [
  { id: 'insert', name: 'Created' },
  { id: 'update', name: 'Changed' },
  { id: 'delete', name: 'Deleted' },
];
export const actionLabel = (action: string) => actionChoices.find((c) => c.id === action)?.name ?? action;

/** The audit list filtered to one record: what a record's "History" button opens. */
export function historyPath(table: string, recordId: string | number): string {
  const filter = JSON.stringify({ table_name: table, record_id: String(recordId) });
  return `/audit_log?filter=${encodeURIComponent(filter)}`;
}

export interface FieldChange {
  field: string;
  before: Json | undefined;
  after: Json | undefined;
}

const asObject = (v: Json | null): Record<string, Json | undefined> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {};

/**
 * An entry's fields with their values before and after, in a stable order: a creation has only
 * "after", a deletion only "before", a change the columns that changed (the trigger keeps only those).
 */
export function fieldChanges(entry: Pick<AuditRow, 'old_values' | 'new_values'>): FieldChange[] {
  const before = asObject(entry.old_values);
  const after = asObject(entry.new_values);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return fields.map((field) => ({ field, before: before[field], after: after[field] }));
}

/** A value as the diff shows it: text as it is, absent as "—", anything else as compact JSON. */
export function showValue(value: Json | undefined): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
}
