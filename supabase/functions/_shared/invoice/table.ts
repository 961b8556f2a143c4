// The line table: a shaded heading (repeated on every page the lines flow to), one row per line with
// its description wrapped and its SKU below, and the totals row.
import type { Column } from './columns.ts';
import { LEFT, MUTED, RIGHT, type Sheet, WIDTH, wrap } from './pdf.ts';
import type { InvoiceSnapshot } from './snapshot.ts';

const CELL = { size: 7.5, leading: 9.5, pad: 3 };

/** The column's left edges, in order. */
function edges(columns: Column[]): number[] {
  let x = LEFT;
  return columns.map((c) => {
    const at = x;
    x += c.width;
    return at;
  });
}

export function tableHeader(sheet: Sheet, columns: Column[]): void {
  const lines = Math.max(...columns.map((c) => c.head.length));
  const height = lines * 8.5 + 6;
  const xs = edges(columns);
  sheet.shade(LEFT, sheet.y - height, WIDTH, height);
  columns.forEach((c, i) => {
    c.head.forEach((h, k) => {
      sheet.text(h, xs[i]! + CELL.pad, sheet.y - 9 - k * 8.5, {
        size: 6.8,
        bold: true,
        align: c.align,
        width: c.width - 2 * CELL.pad,
      });
    });
  });
  sheet.y -= height;
}

/** One row; its cells are one line except the description, which wraps (with the SKU below). */
function row(sheet: Sheet, columns: Column[], cells: string[], o: { bold?: boolean; sku?: string | null }) {
  const desc = columns[1]!;
  const descLines = wrap(sheet.font(o.bold), CELL.size, cells[1]!, desc.width - 2 * CELL.pad);
  const height = (descLines.length + (o.sku ? 1 : 0)) * CELL.leading + 5;
  sheet.ensure(height);
  const xs = edges(columns);
  const baseline = sheet.y - CELL.leading;
  columns.forEach((c, i) => {
    const x = xs[i]! + CELL.pad;
    const w = c.width - 2 * CELL.pad;
    if (i === 1) {
      descLines.forEach((l, k) =>
        sheet.text(l, x, baseline - k * CELL.leading, { size: CELL.size, bold: o.bold }),
      );
      if (o.sku)
        sheet.text(`SKU: ${o.sku}`, x, baseline - descLines.length * CELL.leading, {
          size: 6.5,
          color: MUTED,
        });
    } else sheet.text(cells[i]!, x, baseline, { size: CELL.size, bold: o.bold, align: c.align, width: w });
  });
  sheet.y -= height;
  sheet.rule(LEFT, RIGHT, sheet.y);
}

/** The lines; `table.open` tells the new-page hook to repeat the heading on the pages they flow to. */
export function lineTable(
  sheet: Sheet,
  s: InvoiceSnapshot,
  columns: Column[],
  table: { open: boolean },
): void {
  sheet.ensure(70); // the caption, the heading and a first row together
  sheet.y -= 6;
  sheet.text('Amounts in INR (Indian Rupees)', LEFT, sheet.y - 7, { size: 7, color: MUTED });
  sheet.text('Prices include GST', LEFT, sheet.y - 7, {
    size: 7,
    color: MUTED,
    align: 'right',
    width: WIDTH,
  });
  sheet.y -= 11;
  tableHeader(sheet, columns);
  table.open = true;
  s.lines.forEach((line, i) => {
    row(
      sheet,
      columns,
      columns.map((c) => c.cell(line, i)),
      { sku: line.sku },
    );
  });
  const totals = columns.map((c) => c.total(s.totals));
  totals[1] = 'Total';
  row(sheet, columns, totals, { bold: true });
  table.open = false;
}
