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
import { lineColumns } from './columns.ts';
import { header, parties } from './heading.ts';
import { LEFT, MUTED, PAGE, RIGHT, Sheet, WIDTH } from './pdf.ts';
import { documentName, type InvoiceSnapshot } from './snapshot.ts';
import { summary } from './summary.ts';
import { lineTable, tableHeader } from './table.ts';

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
