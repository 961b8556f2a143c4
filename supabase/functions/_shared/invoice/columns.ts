// The line table's columns, per kind of supply. Rule 46(i)–(n) of the CGST Rules: HSN, description,
// quantity and unit, total value, taxable value after discount, and the rate and amount of each tax
// charged — CGST with SGST (or UTGST in a union territory without a legislature), or IGST. Amounts are
// rupees with Indian grouping under an "(INR)" heading: Helvetica has no ₹ glyph.
import type { SnapshotLine, SnapshotTotals, SupplyType } from './snapshot.ts';
import { indianNumber } from './words.ts';

export interface Column {
  /** heading, one entry per heading line */
  head: string[];
  width: number;
  align: 'left' | 'right' | 'center';
  /** the cell of a line; the description column wraps, the others fit */
  cell: (line: SnapshotLine, index: number) => string;
  /** the cell of the totals row ('' when the column has no total) */
  total: (totals: SnapshotTotals) => string;
}

/** 18 → "18%", 2.5 → "2.5%": a GST rate or half of it as printed. */
export function percent(rate: number): string {
  return `${Number(rate.toFixed(3))}%`;
}

/** An amount cell; "-" where the document leaves the amount out (a credit note's discount). */
const amountText = (n: number | null) => (n === null ? '-' : indianNumber(n));
const money = (pick: (t: SnapshotLine) => number | null) => (l: SnapshotLine) => amountText(pick(l));
const none = () => '';

/** The names of the two taxes of an intra-state supply, or of the one tax of an inter-state one. */
export function taxNames(type: SupplyType): string[] {
  if (type === 'igst') return ['IGST'];
  return type === 'cgst_utgst' ? ['CGST', 'UTGST'] : ['CGST', 'SGST'];
}

function taxColumns(type: SupplyType): Column[] {
  if (type === 'igst')
    return [
      { head: ['IGST', 'rate'], width: 34, align: 'right', cell: (l) => percent(l.rate), total: none },
      {
        head: ['IGST', 'amount'],
        width: 62,
        align: 'right',
        cell: money((l) => l.igst),
        total: (t) => indianNumber(t.igst),
      },
    ];
  const second = type === 'cgst_utgst' ? 'UTGST' : 'SGST';
  const pickSecond = (x: { sgst: number; utgst: number }) => (type === 'cgst_utgst' ? x.utgst : x.sgst);
  return [
    { head: ['CGST', 'rate'], width: 32, align: 'right', cell: (l) => percent(l.rate / 2), total: none },
    {
      head: ['CGST', 'amount'],
      width: 56,
      align: 'right',
      cell: money((l) => l.cgst),
      total: (t) => indianNumber(t.cgst),
    },
    { head: [second, 'rate'], width: 32, align: 'right', cell: (l) => percent(l.rate / 2), total: none },
    {
      head: [second, 'amount'],
      width: 56,
      align: 'right',
      cell: money(pickSecond),
      total: (t) => indianNumber(pickSecond(t)),
    },
  ];
}

/** The columns for `type`, the description taking whatever `tableWidth` leaves. */
export function lineColumns(type: SupplyType, tableWidth: number): Column[] {
  const before: Column[] = [
    { head: ['#'], width: 16, align: 'center', cell: (_l, i) => String(i + 1), total: none },
    { head: ['Description of goods'], width: 0, align: 'left', cell: (l) => l.description, total: none },
    { head: ['HSN'], width: 44, align: 'left', cell: (l) => l.hsn, total: none },
    { head: ['Qty'], width: 26, align: 'right', cell: (l) => String(l.quantity), total: none },
    { head: ['Unit'], width: 26, align: 'left', cell: (l) => l.unit, total: none },
    {
      head: ['Unit price', '(incl. GST)'],
      width: 56,
      align: 'right',
      cell: money((l) => l.unit_price),
      total: none,
    },
    {
      head: ['Total value', '(INR)'],
      width: 62,
      align: 'right',
      cell: money((l) => l.gross),
      total: (t) => indianNumber(t.gross),
    },
    {
      head: ['Discount'],
      width: 50,
      align: 'right',
      cell: money((l) => l.discount),
      total: (t) => amountText(t.discount),
    },
    {
      head: ['Delivery'],
      width: 46,
      align: 'right',
      cell: money((l) => l.delivery),
      total: (t) => amountText(t.delivery),
    },
    {
      head: ['Taxable', 'value'],
      width: 62,
      align: 'right',
      cell: money((l) => l.taxable_value),
      total: (t) => indianNumber(t.taxable_value),
    },
  ];
  const after: Column[] = [
    {
      head: ['Line total', '(INR)'],
      width: 64,
      align: 'right',
      cell: money((l) => l.total),
      total: (t) => indianNumber(t.total),
    },
  ];
  const columns = [...before, ...taxColumns(type), ...after];
  const used = columns.reduce((sum, c) => sum + c.width, 0);
  columns[1]!.width = tableWidth - used;
  return columns;
}
