// The top of the first page: the document's title, the supplier (rule 46(a)), the document's number
// and date, the order, the place of supply and reverse charge (46(b), (c), (m), (o)), then the
// recipient and the delivery address with state name and code (46(d), (e), (n)); for a credit note
// the invoice it cites and the reason (rule 53(1A)).
import { LEFT, MUTED, RIGHT, type Sheet, WIDTH } from './pdf.ts';
import { isCreditNote, type InvoiceSnapshot } from './snapshot.ts';

/** '2026-11-25' (or a timestamp starting so) → '25-11-2026', as Indian invoices date things. */
export function displayDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : iso;
}

const PAYMENT: Record<string, string> = { cod: 'Cash on delivery', razorpay: 'Paid online (Razorpay)' };

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

export function header(sheet: Sheet, s: InvoiceSnapshot): void {
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
export function parties(sheet: Sheet, s: InvoiceSnapshot): void {
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
