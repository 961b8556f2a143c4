import Papa from 'papaparse';
import { neutralizeCsvText } from 'shared/csv/formula-injection';
import type { RpcReturns } from '@/lib/database';

/**
 * The monthly GST export for the accountant, built from admin_gst_register(from, to): one line per
 * document line (invoices and credit notes, amounts positive). Four CSV files, the tables GSTR-1
 * asks for: the documents register (every line, every column), B2C summarised by place of supply
 * and rate (table 7), B2B per document and rate with the buyer's GSTIN (tables 4 and 9B), and the
 * HSN summary (table 12, B2B and B2C apart). Credit notes are their own rows (section
 * "Credit notes"), and the summaries add the net (invoices − credit notes).
 *
 * Sums are in integer paise, so a column adds up to the paisa however many lines it has.
 */
export type RegisterLine = RpcReturns<'admin_gst_register'>[number];

const AMOUNTS = ['taxable_value', 'cgst', 'sgst', 'utgst', 'igst', 'total'] as const;
type Amount = (typeof AMOUNTS)[number];
/** A sum of lines: quantity and each amount in paise. */
export type Totals = Record<Amount, number> & { quantity: number };

export const AMOUNT_HEADERS = ['Taxable value', 'CGST', 'SGST', 'UTGST', 'IGST', 'Total'] as const;

/** A CSV file's content before it is written: a header and rows of cells. */
export type CsvTable = { fields: string[]; data: (string | number)[][] };

export const toPaise = (rupees: number): number => Math.round(rupees * 100);
/** Paise as the CSV writes rupees: two decimals, no grouping ("-1234.50" for a negative net). */
export const rupees = (paise: number): string => (paise / 100).toFixed(2);

const zero = (): Totals => ({ quantity: 0, taxable_value: 0, cgst: 0, sgst: 0, utgst: 0, igst: 0, total: 0 });

function add(into: Totals, line: RegisterLine): void {
  into.quantity += line.quantity;
  for (const a of AMOUNTS) into[a] += toPaise(line[a]);
}

function minus(a: Totals, b: Totals): Totals {
  const out = zero();
  out.quantity = a.quantity - b.quantity;
  for (const k of AMOUNTS) out[k] = a[k] - b[k];
  return out;
}

const amountCells = (t: Totals): string[] => AMOUNTS.map((a) => rupees(t[a]));

/** Text from the database or typed by a person: never read by a spreadsheet as a formula. */
const text = (value: string | null | undefined): string => neutralizeCsvText(value ?? '');

/** "18" for 18.00, "2.5" for 2.50: a rate as GSTR-1 writes it. */
export const rateText = (rate: number): string => String(Number(rate.toFixed(2)));

const DOCUMENT_LABEL: Record<string, string> = { invoice: 'Invoice', credit_note: 'Credit note' };
const documentLabel = (type: string) => DOCUMENT_LABEL[type] ?? type;
const SUPPLY_LABEL: Record<string, string> = {
  cgst_sgst: 'CGST + SGST',
  cgst_utgst: 'CGST + UTGST',
  igst: 'IGST',
};
const supplyLabel = (type: string) => SUPPLY_LABEL[type] ?? type;

/** Invoices before credit notes, then by date and number; a document's lines keep their order. */
function inDocumentOrder(lines: readonly RegisterLine[]): RegisterLine[] {
  const rank = (l: RegisterLine) => (l.document_type === 'invoice' ? 0 : 1);
  return lines
    .map((line, i) => ({ line, i }))
    .sort(
      (a, b) =>
        rank(a.line) - rank(b.line) ||
        a.line.document_date.localeCompare(b.line.document_date) ||
        a.line.document_number.localeCompare(b.line.document_number) ||
        a.i - b.i,
    )
    .map(({ line }) => line);
}

/** Groups lines by a key, keeping invoices and credit notes apart; groups in first-seen order. */
function groupBy<K>(
  lines: readonly RegisterLine[],
  keyOf: (l: RegisterLine) => string,
  describe: (l: RegisterLine) => K,
): { key: K; invoices: Totals; credits: Totals }[] {
  const groups = new Map<string, { key: K; invoices: Totals; credits: Totals }>();
  for (const line of lines) {
    const k = keyOf(line);
    let group = groups.get(k);
    if (!group) {
      group = { key: describe(line), invoices: zero(), credits: zero() };
      groups.set(k, group);
    }
    add(line.document_type === 'credit_note' ? group.credits : group.invoices, line);
  }
  return [...groups.values()];
}

const SECTIONS = [
  ['Invoices', (g: { invoices: Totals }) => g.invoices],
  ['Credit notes', (g: { credits: Totals }) => g.credits],
  [
    'Net (invoices − credit notes)',
    (g: { invoices: Totals; credits: Totals }) => minus(g.invoices, g.credits),
  ],
] as const;

const isEmpty = (t: Totals) => t.quantity === 0 && AMOUNTS.every((a) => t[a] === 0);

/** (a) Every document line with every column: the register the other files summarise. */
export function documentsRegister(lines: readonly RegisterLine[]): CsvTable {
  return {
    fields: [
      'Document type',
      'Document number',
      'Document date',
      'Invoice number',
      'Order number',
      'B2B',
      'Buyer GSTIN',
      'Buyer legal name',
      'Recipient name',
      'Place of supply code',
      'Place of supply',
      'Supply type',
      'HSN',
      'GST rate %',
      'Quantity',
      ...AMOUNT_HEADERS,
    ],
    data: inDocumentOrder(lines).map((l) => [
      documentLabel(l.document_type),
      text(l.document_number),
      l.document_date,
      text(l.invoice_number),
      text(l.order_number),
      l.is_b2b ? 'Yes' : 'No',
      text(l.buyer_gstin),
      text(l.buyer_legal_name),
      text(l.recipient_name),
      text(l.place_of_supply),
      text(l.place_of_supply_name),
      supplyLabel(l.supply_type),
      text(l.hsn_code),
      rateText(l.gst_rate),
      l.quantity,
      ...AMOUNTS.map((a) => rupees(toPaise(l[a]))),
    ]),
  };
}

/**
 * (b) B2C supplies by place of supply (the delivery state) and rate, then by rate over all states,
 * then the section's total; for invoices, credit notes and the net.
 */
export function b2cSummary(lines: readonly RegisterLine[]): CsvTable {
  const b2c = lines.filter((l) => !l.is_b2b);
  const byState = groupBy(
    b2c,
    (l) => `${l.place_of_supply}|${l.supply_type}|${rateText(l.gst_rate)}`,
    (l) => ({
      code: l.place_of_supply,
      name: l.place_of_supply_name,
      supply: l.supply_type,
      rate: l.gst_rate,
    }),
  ).sort((a, b) => a.key.code.localeCompare(b.key.code) || a.key.rate - b.key.rate);
  const byRate = groupBy(
    b2c,
    (l) => rateText(l.gst_rate),
    (l) => l.gst_rate,
  ).sort((a, b) => a.key - b.key);
  const all = groupBy(
    b2c,
    () => 'all',
    () => null,
  );
  const data: (string | number)[][] = [];
  for (const [section, pick] of SECTIONS) {
    const rows = <G extends { invoices: Totals; credits: Totals }>(groups: G[]) =>
      groups.filter((g) => !isEmpty(pick(g)));
    for (const g of rows(byState))
      data.push([
        section,
        text(g.key.code),
        text(g.key.name),
        supplyLabel(g.key.supply),
        rateText(g.key.rate),
        ...amountCells(pick(g)),
      ]);
    for (const g of rows(byRate))
      data.push([section, '', 'All states', '', rateText(g.key), ...amountCells(pick(g))]);
    for (const g of rows(all))
      data.push([section, '', 'All states', '', 'All rates', ...amountCells(pick(g))]);
  }
  return {
    fields: [
      'Section',
      'Place of supply code',
      'Place of supply',
      'Supply type',
      'GST rate %',
      ...AMOUNT_HEADERS,
    ],
    data,
  };
}

/**
 * (c) B2B documents, one row per document and rate (GSTR-1 tables 4 and 9B), with the buyer's
 * GSTIN and name and the document's whole value; invoices first, then credit notes.
 */
export function b2bDocuments(lines: readonly RegisterLine[]): CsvTable {
  const b2b = inDocumentOrder(lines.filter((l) => l.is_b2b));
  const totals = new Map<string, number>();
  for (const l of b2b) {
    const k = `${l.document_type}|${l.document_number}`;
    totals.set(k, (totals.get(k) ?? 0) + toPaise(l.total));
  }
  const groups = groupBy(
    b2b,
    (l) => `${l.document_type}|${l.document_number}|${rateText(l.gst_rate)}`,
    (l) => l,
  );
  return {
    fields: [
      'Document type',
      'Document number',
      'Document date',
      'Invoice number',
      'Order number',
      'Buyer GSTIN',
      'Buyer legal name',
      'Place of supply code',
      'Place of supply',
      'Supply type',
      'GST rate %',
      ...AMOUNT_HEADERS,
      'Document value',
    ],
    data: groups.map(({ key: l, invoices, credits }) => [
      documentLabel(l.document_type),
      text(l.document_number),
      l.document_date,
      text(l.invoice_number),
      text(l.order_number),
      text(l.buyer_gstin),
      text(l.buyer_legal_name),
      text(l.place_of_supply),
      text(l.place_of_supply_name),
      supplyLabel(l.supply_type),
      rateText(l.gst_rate),
      ...amountCells(l.document_type === 'credit_note' ? credits : invoices),
      rupees(totals.get(`${l.document_type}|${l.document_number}`) ?? 0),
    ]),
  };
}

/**
 * (d) The HSN summary (GSTR-1 table 12): per HSN and rate, B2B and B2C apart, quantity in units
 * (UQC NOS) and the amounts; for invoices, credit notes and the net.
 */
export function hsnSummary(lines: readonly RegisterLine[]): CsvTable {
  const groups = groupBy(
    lines,
    (l) => `${l.is_b2b ? 'B2B' : 'B2C'}|${l.hsn_code}|${rateText(l.gst_rate)}`,
    (l) => ({ b2b: l.is_b2b, hsn: l.hsn_code, rate: l.gst_rate }),
  ).sort(
    (a, b) =>
      Number(b.key.b2b) - Number(a.key.b2b) || a.key.hsn.localeCompare(b.key.hsn) || a.key.rate - b.key.rate,
  );
  const data: (string | number)[][] = [];
  for (const [section, pick] of SECTIONS)
    for (const g of groups.filter((g) => !isEmpty(pick(g))))
      data.push([
        section,
        g.key.b2b ? 'B2B' : 'B2C',
        text(g.key.hsn),
        'NOS',
        rateText(g.key.rate),
        pick(g).quantity,
        ...amountCells(pick(g)),
      ]);
  return {
    fields: ['Section', 'Supplies', 'HSN', 'UQC', 'GST rate %', 'Quantity', ...AMOUNT_HEADERS],
    data,
  };
}

/** The month's figures shown on the page before downloading. */
export function monthTotals(lines: readonly RegisterLine[]): {
  invoices: number;
  creditNotes: number;
  invoiced: Totals;
  credited: Totals;
} {
  const [g] = groupBy(
    lines,
    () => 'all',
    () => null,
  );
  const count = (type: string) =>
    new Set(lines.filter((l) => l.document_type === type).map((l) => l.document_number)).size;
  return {
    invoices: count('invoice'),
    creditNotes: count('credit_note'),
    invoiced: g?.invoices ?? zero(),
    credited: g?.credits ?? zero(),
  };
}

/** A table as CSV text (RFC 4180 quoting by papaparse; CRLF line ends, as spreadsheets expect). */
export function toCsv(table: CsvTable): string {
  return Papa.unparse({ fields: table.fields, data: table.data }, { newline: '\r\n' });
}

const istMonth = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
});

/** The calendar month before this one in India ('YYYY-MM'): what the accountant files for. */
export function lastMonthIST(now: Date = new Date()): string {
  const [year, month] = istMonth.format(now).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** A month's first and last day ('YYYY-MM' → inclusive dates), or null when it is not a month. */
export function monthRange(month: string): { from: string; to: string } | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) return null;
  const days = new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(days).padStart(2, '0')}` };
}
