// The invoice or credit note as the database froze it when it was issued (invoices.snapshot,
// credit_notes.snapshot: /tmp contract "Snapshot JSON"). The PDF is drawn from this alone, so an
// invoice printed years later shows what was issued, not today's store settings or product names.
// readSnapshot checks the shape once, at the boundary: a snapshot missing a field the law requires
// fails loudly instead of printing a blank.

export type SupplyType = 'cgst_sgst' | 'cgst_utgst' | 'igst';
type Amount = number;

export interface SnapshotLine {
  description: string;
  sku: string | null;
  hsn: string;
  quantity: number;
  unit: string;
  unit_price: Amount;
  gross: Amount;
  /** null on credit notes: a credit is worked out from what the line charged, not re-apportioned */
  discount: Amount | null;
  delivery: Amount | null;
  taxable_value: Amount;
  rate: number;
  cgst: Amount;
  sgst: Amount;
  utgst: Amount;
  igst: Amount;
  total: Amount;
}

export interface SnapshotTotals {
  gross: Amount;
  discount: Amount | null;
  delivery: Amount | null;
  taxable_value: Amount;
  cgst: Amount;
  sgst: Amount;
  utgst: Amount;
  igst: Amount;
  tax: Amount;
  total: Amount;
}

export interface InvoiceSnapshot {
  document: 'invoice' | 'credit_note';
  title: string;
  number: string;
  date: string;
  financial_year: string;
  order: { number: string; date: string; payment_method: string };
  /** credit notes: the invoice they cite */
  invoice?: { number: string; date: string } | null;
  /** credit notes: why */
  reason?: string | null;
  supplier: {
    legal_name: string;
    address: string;
    gstin: string;
    pan: string | null;
    state_code: string;
    state_name: string;
    signatory: string | null;
    email: string | null;
    phone: string | null;
  };
  recipient: {
    name: string;
    gstin: string | null;
    legal_name: string | null;
    address: string;
    city: string | null;
    state_name: string;
    state_code: string;
    pincode: string | null;
    phone: string | null;
    email: string | null;
  };
  place_of_supply: { code: string; name: string };
  supply_type: SupplyType;
  reverse_charge: boolean;
  lines: SnapshotLine[];
  totals: SnapshotTotals;
}

export const isCreditNote = (s: InvoiceSnapshot) => s.document === 'credit_note';

/** "Tax Invoice FC/2627/000001": how each page names the document. */
export const documentName = (s: InvoiceSnapshot) => `${s.title} ${s.number}`;

type Obj = Record<string, unknown>;

class SnapshotError extends Error {
  constructor(path: string, what: string) {
    super(`Invoice snapshot: ${path} ${what}`);
  }
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function obj(v: unknown, path: string): Obj {
  if (!isObj(v)) throw new SnapshotError(path, 'is missing');
  return v;
}

function text(o: Obj, key: string, path: string): string {
  const v = o[key];
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string' || !v.trim()) throw new SnapshotError(`${path}.${key}`, 'is missing');
  return v;
}

function optText(o: Obj, key: string): string | null {
  const v = o[key];
  if (typeof v === 'number') return String(v);
  return typeof v === 'string' && v.trim() ? v : null;
}

function amount(o: Obj, key: string, path: string): number {
  const v = o[key];
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n))
    throw new SnapshotError(`${path}.${key}`, 'is not a number');
  return n;
}

/** An amount a document may leave out (null): a credit note's discount and delivery. */
const optAmount = (o: Obj, key: string, path: string) => (o[key] == null ? null : amount(o, key, path));

const AMOUNTS = ['gross', 'taxable_value', 'cgst', 'sgst', 'utgst', 'igst'] as const;

function amounts(o: Obj, path: string) {
  const out = Object.fromEntries(AMOUNTS.map((k) => [k, amount(o, k, path)])) as Record<
    (typeof AMOUNTS)[number],
    number
  >;
  return { ...out, discount: optAmount(o, 'discount', path), delivery: optAmount(o, 'delivery', path) };
}

function line(v: unknown, i: number): SnapshotLine {
  const path = `lines[${i}]`;
  const o = obj(v, path);
  return {
    description: text(o, 'description', path),
    sku: optText(o, 'sku'),
    hsn: text(o, 'hsn', path),
    quantity: amount(o, 'quantity', path),
    unit: optText(o, 'unit') ?? 'NOS',
    unit_price: amount(o, 'unit_price', path),
    rate: amount(o, 'rate', path),
    total: amount(o, 'total', path),
    ...amounts(o, path),
  };
}

/** The snapshot jsonb as the renderer needs it; throws naming the first missing field. */
export function readSnapshot(json: unknown): InvoiceSnapshot {
  const o = obj(json, 'snapshot');
  const document = o.document === 'credit_note' ? 'credit_note' : 'invoice';
  const order = obj(o.order, 'order');
  const supplier = obj(o.supplier, 'supplier');
  const recipient = obj(o.recipient, 'recipient');
  const pos = obj(o.place_of_supply, 'place_of_supply');
  const totals = obj(o.totals, 'totals');
  const supplyType = o.supply_type;
  if (supplyType !== 'cgst_sgst' && supplyType !== 'cgst_utgst' && supplyType !== 'igst')
    throw new SnapshotError('supply_type', `is not one of cgst_sgst, cgst_utgst, igst`);
  if (!Array.isArray(o.lines) || o.lines.length === 0) throw new SnapshotError('lines', 'are missing');
  const invoice = document === 'credit_note' ? obj(o.invoice, 'invoice') : null;
  return {
    document,
    title: optText(o, 'title') ?? (document === 'credit_note' ? 'Credit Note' : 'Tax Invoice'),
    number: text(o, 'number', 'snapshot'),
    date: text(o, 'date', 'snapshot'),
    financial_year: optText(o, 'financial_year') ?? '',
    order: {
      number: text(order, 'number', 'order'),
      date: text(order, 'date', 'order'),
      payment_method: optText(order, 'payment_method') ?? '',
    },
    invoice: invoice
      ? { number: text(invoice, 'number', 'invoice'), date: text(invoice, 'date', 'invoice') }
      : null,
    reason: document === 'credit_note' ? text(o, 'reason', 'snapshot') : null,
    supplier: {
      legal_name: text(supplier, 'legal_name', 'supplier'),
      address: text(supplier, 'address', 'supplier'),
      gstin: text(supplier, 'gstin', 'supplier'),
      pan: optText(supplier, 'pan'),
      state_code: text(supplier, 'state_code', 'supplier'),
      state_name: text(supplier, 'state_name', 'supplier'),
      signatory: optText(supplier, 'signatory'),
      email: optText(supplier, 'email'),
      phone: optText(supplier, 'phone'),
    },
    recipient: {
      name: text(recipient, 'name', 'recipient'),
      gstin: optText(recipient, 'gstin'),
      legal_name: optText(recipient, 'legal_name'),
      address: text(recipient, 'address', 'recipient'),
      city: optText(recipient, 'city'),
      state_name: text(recipient, 'state_name', 'recipient'),
      state_code: text(recipient, 'state_code', 'recipient'),
      pincode: optText(recipient, 'pincode'),
      phone: optText(recipient, 'phone'),
      email: optText(recipient, 'email'),
    },
    place_of_supply: {
      code: text(pos, 'code', 'place_of_supply'),
      name: text(pos, 'name', 'place_of_supply'),
    },
    supply_type: supplyType,
    reverse_charge: o.reverse_charge === true,
    lines: o.lines.map(line),
    totals: {
      ...amounts(totals, 'totals'),
      tax: amount(totals, 'tax', 'totals'),
      total: amount(totals, 'total', 'totals'),
    },
  };
}
