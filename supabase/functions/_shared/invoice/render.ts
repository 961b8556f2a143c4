// The tax invoice or credit note as a PDF, drawn from its snapshot alone (pure: snapshot → bytes).
// What it prints, by the CGST Rules 2017:
// - rule 46 (tax invoice): (a) supplier's name, address and GSTIN; (b) a consecutive serial number of
//   at most 16 characters, unique for the financial year; (c) date of issue; (d)/(e) recipient's name,
//   address and GSTIN when registered, else name, address and delivery address with state name and
//   code; (f)/(g) HSN and description; (h) quantity and unit; (i) total value; (j) taxable value after
//   discount; (k)/(l) rate and amount of CGST and SGST/UTGST, or IGST; (m) place of supply with state
//   name; (n) delivery address; (o) whether tax is payable on reverse charge; (q) signature of the
//   supplier or authorised representative (here digital: a computer-generated invoice);
// - rule 53(1A) (credit note): the same parties and tax columns, "Credit Note", its own number and
//   date, and the number and date of the invoice it corrects, with the reason;
// - rule 48(4): the original is marked for the recipient.
// Plus the order number and date, so the customer can match it to their order.
import { type Column, lineColumns, taxNames } from './columns.ts';
import { MUTED, PAGE, Sheet, wrap } from './pdf.ts';
import type { InvoiceSnapshot } from './snapshot.ts';
import { amountInWords, rupeesText } from './words.ts';

const LEFT = PAGE.margin;
const RIGHT = PAGE.width - PAGE.margin;
const WIDTH = RIGHT - LEFT;
const CELL = { size: 7.5, leading: 9.5, pad: 3 };

/** '2026-11-25' (or a timestamp starting so) → '25-11-2026', as Indian invoices date things. */
export function displayDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : iso;
}

const PAYMENT: Record<string, string> = { cod: 'Cash on delivery', razorpay: 'Paid online (Razorpay)' };

const isCreditNote = (s: InvoiceSnapshot) => s.document === 'credit_note';

/** "Tax Invoice FC/2627/000001": how each page names the document. */
const documentName = (s: InvoiceSnapshot) => `${s.title} ${s.number}`;

/** Label: value lines of the document column (right of the supplier). */
function documentFacts(s: InvoiceSnapshot): string[] {
  const noun = isCreditNote(s) ? 'Credit Note' : 'Invoice';
  return [
    `${noun} No.: ${s.number}`,
    `${noun} Date: ${displayDate(s.date)}`,
    ...(s.invoice
      ? [`Against Tax Invoice No. ${s.invoice.number} dated ${displayDate(s.invoice.date)}`]
      : []),
    `Order No.: ${s.order.number}`,
    `Order Date: ${displayDate(s.order.date)}`,
    `Place of Supply: ${s.place_of_supply.name} (State Code: ${s.place_of_supply.code})`,
    `Whether tax is payable on reverse charge: ${s.reverse_charge ? 'Yes' : 'No'}`,
    ...(PAYMENT[s.order.payment_method] ? [`Payment: ${PAYMENT[s.order.payment_method]}`] : []),
  ];
}

function header(sheet: Sheet, s: InvoiceSnapshot): void {
  const top = sheet.y;
  sheet.text(s.title, LEFT, top - 16, { size: 16, bold: true });
  sheet.text('Original for Recipient', LEFT, top - 16, {
    size: 8,
    color: MUTED,
    align: 'right',
    width: WIDTH,
  });

  const split = LEFT + WIDTH * 0.56;
  const { supplier } = s;
  sheet.y = top - 24;
  sheet.paragraph(supplier.legal_name, LEFT, split - LEFT - 16, { size: 11, bold: true, leading: 14 });
  sheet.paragraph(supplier.address, LEFT, split - LEFT - 16);
  sheet.paragraph(`GSTIN: ${supplier.gstin}${supplier.pan ? `   PAN: ${supplier.pan}` : ''}`, LEFT, 400);
  sheet.paragraph(`State: ${supplier.state_name}, State Code: ${supplier.state_code}`, LEFT, 400);
  const contact = [
    supplier.email && `Email: ${supplier.email}`,
    supplier.phone && `Phone: ${supplier.phone}`,
  ];
  if (contact.some(Boolean)) sheet.paragraph(contact.filter(Boolean).join('   '), LEFT, 400);
  const supplierBottom = sheet.y;

  sheet.y = top - 24;
  for (const fact of documentFacts(s)) sheet.paragraph(fact, split, RIGHT - split, { leading: 11 });
  sheet.y = Math.min(sheet.y, supplierBottom) - 8;
  sheet.rule(LEFT, RIGHT, sheet.y);
}

/** Billed to (with GSTIN when registered) and shipped to, each with state name and code. */
function parties(sheet: Sheet, s: InvoiceSnapshot): void {
  const r = s.recipient;
  const half = WIDTH / 2;
  const place = [r.city, r.pincode].filter(Boolean).join(' - ');
  const state = `State: ${r.state_name}, State Code: ${r.state_code}`;
  const billed = [
    ...(r.gstin ? [`GSTIN: ${r.gstin}`, `Contact: ${r.name}`] : ['GSTIN: Unregistered (consumer)']),
    r.address,
    ...(place ? [place] : []),
    state,
    ...(r.phone ? [`Phone: ${r.phone}`] : []),
    ...(r.email ? [`Email: ${r.email}`] : []),
  ];
  const shipped = [r.address, ...(place ? [place] : []), state, ...(r.phone ? [`Phone: ${r.phone}`] : [])];
  const top = sheet.y - 4;
  let bottom = top;
  const block = (x: number, heading: string, name: string, lines: string[]) => {
    sheet.y = top;
    sheet.paragraph(heading, x, half - 16, { size: 7.5, bold: true, color: MUTED });
    sheet.paragraph(name, x, half - 16, { size: 9, bold: true, leading: 12 });
    for (const line of lines) sheet.paragraph(line, x, half - 16);
    bottom = Math.min(bottom, sheet.y);
  };
  block(LEFT, 'DETAILS OF RECIPIENT (BILLED TO)', r.legal_name ?? r.name, billed);
  block(LEFT + half, 'DELIVERY ADDRESS (SHIPPED TO)', r.name, shipped);
  sheet.y = bottom - 6;
  if (s.reason) {
    sheet.rule(LEFT, RIGHT, sheet.y);
    sheet.paragraph(`Reason for credit note: ${s.reason}`, LEFT, WIDTH, { size: 8.5, leading: 12 });
    sheet.y -= 4;
  }
}

/** The column's left edges, in order. */
function edges(columns: Column[]): number[] {
  let x = LEFT;
  return columns.map((c) => {
    const at = x;
    x += c.width;
    return at;
  });
}

function tableHeader(sheet: Sheet, columns: Column[]): void {
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
function lineTable(sheet: Sheet, s: InvoiceSnapshot, columns: Column[], table: { open: boolean }): void {
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

/** Totals by tax, the amount in words, the notes and the signature. */
function summary(sheet: Sheet, s: InvoiceSnapshot): void {
  const t = s.totals;
  const taxes = taxNames(s.supply_type).map((name) => {
    const amount = name === 'IGST' ? t.igst : name === 'CGST' ? t.cgst : name === 'UTGST' ? t.utgst : t.sgst;
    return [name, rupeesText(amount)] as const;
  });
  const figures: (readonly [string, string])[] = [
    ['Total value (incl. GST)', rupeesText(t.gross)],
    ...(t.discount ? [['Less: discount', rupeesText(t.discount)] as const] : []),
    ...(t.delivery ? [['Add: delivery (taxed with the goods)', rupeesText(t.delivery)] as const] : []),
    ['Taxable value', rupeesText(t.taxable_value)],
    ...taxes,
    ['Total tax', rupeesText(t.tax)],
  ];
  const noun = isCreditNote(s) ? 'credit note' : 'invoice';
  const words = `Amount in words: ${amountInWords(t.total)}`;
  const height = (figures.length + 1) * 11 + 90;
  sheet.ensure(height);
  const top = sheet.y - 6;
  const split = LEFT + WIDTH * 0.56;

  sheet.y = top;
  sheet.paragraph(words, LEFT, split - LEFT - 20, { size: 8.5, bold: true, leading: 11 });
  sheet.y -= 4;
  const notes = [
    'GST is included in the prices. Delivery charged with the goods is part of their value and taxed at ' +
      'their rate (CGST Act s.15(2)(c)); a discount shown on the ' +
      `${noun} reduces the taxable value (s.15(3)(a)).`,
    `This is a computer-generated ${noun}.`,
  ];
  for (const note of notes) sheet.paragraph(note, LEFT, split - LEFT - 20, { size: 7.5, color: MUTED });
  const notesBottom = sheet.y;

  sheet.y = top;
  const labelWidth = RIGHT - split - 100;
  for (const [label, value] of figures) {
    sheet.y -= 11;
    sheet.text(label, split, sheet.y, { size: 8 });
    sheet.text(value, split + labelWidth, sheet.y, { size: 8, align: 'right', width: 100 });
  }
  sheet.y -= 4;
  sheet.rule(split, RIGHT, sheet.y);
  sheet.y -= 12;
  const totalLabel = isCreditNote(s) ? 'Credit note total' : 'Invoice total';
  sheet.text(totalLabel, split, sheet.y, { size: 9.5, bold: true });
  sheet.text(rupeesText(t.total), split + labelWidth, sheet.y, {
    size: 9.5,
    bold: true,
    align: 'right',
    width: 100,
  });

  sheet.y -= 22;
  sheet.text(`For ${s.supplier.legal_name}`, split, sheet.y, { size: 8.5, bold: true });
  sheet.y -= 26;
  const signatory = s.supplier.signatory
    ? `Authorised Signatory: ${s.supplier.signatory}`
    : 'Authorised Signatory';
  sheet.text(signatory, split, sheet.y, { size: 8 });
  sheet.y = Math.min(sheet.y, notesBottom);
}

/** Pages after the first start with the document's name, then (in the table) the table's heading. */
function continuation(sheet: Sheet, s: InvoiceSnapshot): void {
  sheet.text(`${documentName(s)} (continued)`, LEFT, sheet.y - 12, { size: 10, bold: true });
  sheet.text(`Order No.: ${s.order.number}`, LEFT, sheet.y - 12, {
    size: 8,
    color: MUTED,
    align: 'right',
    width: WIDTH,
  });
  sheet.y -= 22;
}

function footers(sheet: Sheet, s: InvoiceSnapshot): void {
  const pages = sheet.doc.getPages();
  pages.forEach((page, i) => {
    sheet.page = page;
    sheet.rule(LEFT, RIGHT, PAGE.margin + 10);
    const who = `${s.supplier.legal_name} - GSTIN ${s.supplier.gstin}`;
    sheet.text(who, LEFT, PAGE.margin, { size: 7, color: MUTED });
    sheet.text(`${documentName(s)} - Page ${i + 1} of ${pages.length}`, LEFT, PAGE.margin, {
      size: 7,
      color: MUTED,
      align: 'right',
      width: WIDTH,
    });
  });
}

/** The PDF of an invoice or credit note snapshot (A4 landscape, as many pages as its lines need). */
export async function renderInvoicePdf(s: InvoiceSnapshot): Promise<Uint8Array> {
  const columns = lineColumns(s.supply_type, WIDTH);
  const table = { open: false };
  const sheet = await Sheet.create((next) => {
    continuation(next, s);
    if (table.open) tableHeader(next, columns);
  });
  header(sheet, s);
  parties(sheet, s);
  lineTable(sheet, s, columns, table);
  summary(sheet, s);
  footers(sheet, s);

  const doc = sheet.doc;
  const issued = new Date(`${s.date}T00:00:00+05:30`);
  doc.setTitle(documentName(s), { showInWindowTitleBar: true });
  doc.setAuthor(s.supplier.legal_name);
  doc.setSubject(`${s.title} for order ${s.order.number}`);
  doc.setCreator('FurniCraft');
  doc.setProducer('FurniCraft invoice-pdf (pdf-lib)');
  if (!Number.isNaN(issued.getTime())) {
    doc.setCreationDate(issued);
    doc.setModificationDate(issued);
  }
  return doc.save();
}
