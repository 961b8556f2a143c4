// Below the lines: the totals by tax and the invoice total (rule 46(i)–(l)), the amount in words, why
// delivery and discounts sit in the taxable value, and the supplier's signature block (46(q)): the
// document is computer-generated, so the authorised signatory is named, not signed by hand.
import { taxNames } from './columns.ts';
import { LEFT, MUTED, RIGHT, type Sheet, WIDTH } from './pdf.ts';
import { isCreditNote, type InvoiceSnapshot } from './snapshot.ts';
import { amountInWords, rupeesText } from './words.ts';

/** Totals by tax, the amount in words, the notes and the signature. */
export function summary(sheet: Sheet, s: InvoiceSnapshot): void {
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
    isCreditNote(s)
      ? 'Each credited unit carries its share of what the invoice line charged (the goods less their ' +
        'discount plus their delivery) and of the tax on it (CGST Act s.34).'
      : 'GST is included in the prices. Delivery charged with the goods is part of their value and taxed ' +
        'at their rate (CGST Act s.15(2)(c)); the discount shown reduces the taxable value (s.15(3)(a)).',
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
