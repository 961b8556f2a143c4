/**
 * The invoice PDF without a server (supabase/functions/_shared/invoice): amounts with Indian grouping
 * and in words, and the rendered PDF's own text (extracted with unpdf, as a reader's PDF viewer would)
 * carrying every field rule 46 of the CGST Rules asks of the case — an intra-state sale to a consumer
 * (CGST + SGST), an inter-state sale to a registered business (IGST, the buyer's GSTIN), a supply within
 * a union territory (CGST + UTGST), and a credit note citing its invoice (rule 53(1A)); a long invoice
 * flows onto further pages with the table's heading repeated.
 *
 * The renderer imports pdf-lib as Deno does (npm:pdf-lib@1.17.1); here that specifier is the same
 * package from node_modules.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it, vi } from 'vitest';
import { renderInvoicePdf } from '../functions/_shared/invoice/render.ts';
import {
  readSnapshot,
  type InvoiceSnapshot,
  type SnapshotLine,
} from '../functions/_shared/invoice/snapshot.ts';
import {
  amountInWords,
  indianNumber,
  numberInWords,
  rupeesText,
} from '../functions/_shared/invoice/words.ts';

vi.mock('npm:pdf-lib@1.17.1', () => import('pdf-lib'));

/** The text of each page, whitespace collapsed. */
async function pagesOf(pdf: Uint8Array): Promise<string[]> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: false });
  return text.map((t) => t.replace(/\s+/g, ' '));
}

interface Box {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Legible: every piece of text lies inside the page's margins and no two overlap (a column too narrow
 * for its amount, a wrapped description running into the next row, a block drawn over another).
 */
async function expectLegible(pdf: Uint8Array): Promise<void> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const [, , width, height] = page.view as [number, number, number, number];
    const boxes: Box[] = (await page.getTextContent()).items
      .flatMap((item) => ('str' in item && item.str.trim() ? [item] : []))
      .map((item) => ({
        str: item.str,
        x: item.transform[4] as number,
        y: item.transform[5] as number,
        width: item.width,
        height: item.height,
      }));
    for (const b of boxes) {
      expect(b.x, b.str).toBeGreaterThanOrEqual(30);
      expect(b.x + b.width, b.str).toBeLessThanOrEqual(width - 30);
      expect(b.y, b.str).toBeGreaterThanOrEqual(30);
      expect(b.y + b.height, b.str).toBeLessThanOrEqual(height - 30);
    }
    const overlapping = boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        .filter(
          (b) =>
            a.x < b.x + b.width - 0.5 &&
            b.x < a.x + a.width - 0.5 &&
            a.y < b.y + b.height * 0.8 &&
            b.y < a.y + a.height * 0.8,
        )
        .map((b) => `page ${p}: "${a.str}" × "${b.str}"`),
    );
    expect(overlapping).toEqual([]);
  }
}

const paise = (rupees: number) => Math.round(rupees * 100);
const rupees = (p: number) => p / 100;

/** A line split as the contract's algorithm does (shares given), in paise. */
function line(
  description: string,
  o: { qty: number; price: number; rate: number; discount?: number; delivery?: number; hsn?: string },
  type: InvoiceSnapshot['supply_type'],
): SnapshotLine {
  const gross = paise(o.price) * o.qty;
  const charged = gross - paise(o.discount ?? 0) + paise(o.delivery ?? 0);
  const taxable = Math.round((charged * 100) / (100 + o.rate));
  const tax = charged - taxable;
  const half = Math.ceil(tax / 2);
  return {
    description,
    sku: `SKU-${description.slice(0, 3).toUpperCase()}`,
    hsn: o.hsn ?? '9403',
    quantity: o.qty,
    unit: 'NOS',
    unit_price: o.price,
    gross: rupees(gross),
    discount: o.discount ?? 0,
    delivery: o.delivery ?? 0,
    taxable_value: rupees(taxable),
    rate: o.rate,
    cgst: type === 'igst' ? 0 : rupees(half),
    sgst: type === 'cgst_sgst' ? rupees(tax - half) : 0,
    utgst: type === 'cgst_utgst' ? rupees(tax - half) : 0,
    igst: type === 'igst' ? rupees(tax) : 0,
    total: rupees(charged),
  };
}

function totalsOf(lines: SnapshotLine[]): InvoiceSnapshot['totals'] {
  const sum = (k: keyof SnapshotLine) => rupees(lines.reduce((s, l) => s + paise(l[k] as number), 0));
  const [cgst, sgst, utgst, igst] = [sum('cgst'), sum('sgst'), sum('utgst'), sum('igst')];
  return {
    gross: sum('gross'),
    discount: sum('discount'),
    delivery: sum('delivery'),
    taxable_value: sum('taxable_value'),
    cgst,
    sgst,
    utgst,
    igst,
    tax: rupees(paise(cgst) + paise(sgst) + paise(utgst) + paise(igst)),
    total: sum('total'),
  };
}

const KARNATAKA_STORE: InvoiceSnapshot['supplier'] = {
  legal_name: 'FurniCraft Home Private Limited',
  address: '12 MG Road, Bengaluru, Karnataka 560001',
  gstin: '29AAECF1234K1ZM',
  pan: 'AAECF1234K',
  state_code: '29',
  state_name: 'Karnataka',
  signatory: 'Ananya Rao, Director',
  email: 'support@furnicraft.in',
  phone: '+91 80 1234 5678',
};

function snapshot(o: {
  type: InvoiceSnapshot['supply_type'];
  lines: SnapshotLine[];
  recipient?: Partial<InvoiceSnapshot['recipient']>;
  supplier?: Partial<InvoiceSnapshot['supplier']>;
  place?: InvoiceSnapshot['place_of_supply'];
}): InvoiceSnapshot {
  return {
    document: 'invoice',
    title: 'Tax Invoice',
    number: 'FC/2627/000042',
    date: '2026-11-25',
    financial_year: '2026-27',
    order: { number: 'ORD20261124AB12', date: '2026-11-24', payment_method: 'cod' },
    supplier: { ...KARNATAKA_STORE, ...o.supplier },
    recipient: {
      name: 'Asha Rao',
      gstin: null,
      legal_name: null,
      address: '14, 3rd Cross, Indiranagar',
      city: 'Bengaluru',
      state_name: 'Karnataka',
      state_code: '29',
      pincode: '560038',
      phone: '+91 98450 12345',
      email: 'asha@example.in',
      ...o.recipient,
    },
    place_of_supply: o.place ?? { code: '29', name: 'Karnataka' },
    supply_type: o.type,
    reverse_charge: false,
    lines: o.lines,
    totals: totalsOf(o.lines),
  };
}

const intraB2C = (() => {
  const type = 'cgst_sgst' as const;
  return snapshot({
    type,
    lines: [
      line(
        'Aarav 3-Seater Fabric Sofa',
        { qty: 1, price: 45999, rate: 18, discount: 4599.9, delivery: 0 },
        type,
      ),
      line('Kiara Bamboo Side Table', { qty: 2, price: 2499, rate: 5, hsn: '94038200' }, type),
    ],
  });
})();

const interB2B = (() => {
  const type = 'igst' as const;
  return snapshot({
    type,
    lines: [line('Meera Teak Dining Table', { qty: 1, price: 123456.5, rate: 18, delivery: 499 }, type)],
    recipient: {
      name: 'Rahul Shah',
      gstin: '27AAPFU0939F1ZV',
      legal_name: 'Shah Interiors LLP',
      address: '5 Marine Drive',
      city: 'Mumbai',
      state_name: 'Maharashtra',
      state_code: '27',
      pincode: '400020',
    },
    place: { code: '27', name: 'Maharashtra' },
  });
})();

const unionTerritory = (() => {
  const type = 'cgst_utgst' as const;
  return snapshot({
    type,
    lines: [line('Riya Bookshelf', { qty: 1, price: 8999, rate: 18 }, type)],
    supplier: {
      gstin: '04AAECF1234K1ZY',
      state_code: '04',
      state_name: 'Chandigarh',
      address: 'SCO 10, Sector 17, Chandigarh 160017',
    },
    recipient: {
      address: 'House 22, Sector 8',
      city: 'Chandigarh',
      state_name: 'Chandigarh',
      state_code: '04',
    },
    place: { code: '04', name: 'Chandigarh' },
  });
})();

const creditNote: InvoiceSnapshot = {
  ...intraB2C,
  document: 'credit_note',
  title: 'Credit Note',
  number: 'FCCN/2627/000003',
  date: '2026-12-02',
  invoice: { number: 'FC/2627/000042', date: '2026-11-25' },
  reason: 'Side table returned: arrived with a cracked top',
  // as admin_issue_credit_note writes it: a credit is what the line charged, not re-apportioned
  lines: [{ ...intraB2C.lines[1]!, discount: null, delivery: null }],
  totals: { ...totalsOf([intraB2C.lines[1]!]), discount: null, delivery: null },
};

/** What every document prints, whatever the case (rule 46 (a)–(c), (m)–(o), (q); order). */
function commonFields(s: InvoiceSnapshot): string[] {
  const r = s.recipient;
  return [
    s.title,
    s.supplier.legal_name,
    s.supplier.address,
    `GSTIN: ${s.supplier.gstin}`,
    `State: ${s.supplier.state_name}, State Code: ${s.supplier.state_code}`,
    `Order No.: ${s.order.number}`,
    `Order Date: 24-11-2026`,
    `Place of Supply: ${s.place_of_supply.name} (State Code: ${s.place_of_supply.code})`,
    'Whether tax is payable on reverse charge: No',
    r.name,
    r.address,
    `State: ${r.state_name}, State Code: ${r.state_code}`,
    'DELIVERY ADDRESS (SHIPPED TO)',
    'HSN',
    'Description of goods',
    'Qty',
    'Unit',
    'Total value',
    'Taxable value',
    `Taxable value ${rupeesText(s.totals.taxable_value)}`,
    `Amount in words: ${amountInWords(s.totals.total)}`,
    `For ${s.supplier.legal_name}`,
    `Authorised Signatory: ${s.supplier.signatory}`,
    ...s.lines.flatMap((l) => [l.description, l.hsn, `${l.quantity} NOS`, indianNumber(l.taxable_value)]),
  ];
}

describe('amounts as the invoice prints them', () => {
  it('groups digits the Indian way, to the paisa', () => {
    expect(indianNumber(0)).toBe('0.00');
    expect(indianNumber(999.5)).toBe('999.50');
    expect(indianNumber(1000)).toBe('1,000.00');
    expect(indianNumber(123456)).toBe('1,23,456.00');
    expect(indianNumber('123456789.05')).toBe('12,34,56,789.05');
    expect(indianNumber(1.005)).toBe('1.01');
    expect(indianNumber(-1500)).toBe('-1,500.00');
    expect(rupeesText(123456.5)).toBe('Rs. 1,23,456.50');
  });

  it('writes amounts in words in lakh and crore', () => {
    expect(amountInWords(123456.5)).toBe(
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Paise Fifty Only',
    );
    expect(amountInWords(100)).toBe('Rupees One Hundred Only');
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(0.05)).toBe('Rupees Zero and Paise Five Only');
    expect(numberInWords(12_34_56_789)).toBe(
      'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine',
    );
    expect(numberInWords(1_00_00_000)).toBe('One Crore');
    expect(numberInWords(2_00_00_00_000)).toBe('Two Hundred Crore');
    expect(numberInWords(10_01_011)).toBe('Ten Lakh One Thousand Eleven');
  });
});

describe('the invoice PDF', () => {
  it('a sale to a consumer in the store’s state: every rule 46 field, CGST and SGST at half the rate', async () => {
    const pdf = await renderInvoicePdf(intraB2C);
    await expectLegible(pdf);
    const [page] = await pagesOf(pdf);
    for (const field of [
      ...commonFields(intraB2C),
      'Invoice No.: FC/2627/000042',
      'Invoice Date: 25-11-2026',
      'GSTIN: Unregistered (consumer)',
      'Original for Recipient',
      'This is a computer-generated invoice.',
      'CGST rate',
      'SGST rate',
      '9%',
      '2.5%',
      '94038200',
      `Less: discount ${rupeesText(4599.9)}`,
      `CGST ${rupeesText(intraB2C.totals.cgst)}`,
      `SGST ${rupeesText(intraB2C.totals.sgst)}`,
      `Invoice total ${rupeesText(intraB2C.totals.total)}`,
    ])
      expect(page).toContain(field);
    expect(page).not.toContain('IGST');
    expect(page).not.toContain('UTGST');
  });

  it('a sale to a business in another state: the buyer’s name and GSTIN, IGST at the full rate', async () => {
    const pdf = await renderInvoicePdf(interB2B);
    await expectLegible(pdf);
    const [page] = await pagesOf(pdf);
    for (const field of [
      ...commonFields(interB2B),
      'Shah Interiors LLP',
      'GSTIN: 27AAPFU0939F1ZV',
      'Contact: Rahul Shah',
      'Place of Supply: Maharashtra (State Code: 27)',
      'IGST rate',
      '18%',
      `IGST ${rupeesText(interB2B.totals.igst)}`,
      'Add: delivery',
      'Rs. 1,23,955.50',
      'Amount in words: Rupees One Lakh Twenty-Three Thousand Nine Hundred Fifty-Five and Paise Fifty Only',
    ])
      expect(page).toContain(field);
    for (const other of ['CGST rate', 'CGST Rs.', 'SGST', 'UTGST']) expect(page).not.toContain(other);
  });

  it('a supply within a union territory without a legislature: CGST and UTGST', async () => {
    const [page] = await pagesOf(await renderInvoicePdf(unionTerritory));
    for (const field of [
      ...commonFields(unionTerritory),
      'GSTIN: 04AAECF1234K1ZY',
      'Place of Supply: Chandigarh (State Code: 04)',
      'UTGST rate',
      `UTGST ${rupeesText(unionTerritory.totals.utgst)}`,
      `CGST ${rupeesText(unionTerritory.totals.cgst)}`,
    ])
      expect(page).toContain(field);
    expect(page).not.toContain('SGST rate');
    expect(page).not.toContain('IGST');
  });

  it('a credit note: its own number and date, the invoice it cites, the reason (rule 53(1A))', async () => {
    const pdf = await renderInvoicePdf(creditNote);
    await expectLegible(pdf);
    const [page] = await pagesOf(pdf);
    for (const field of [
      ...commonFields(creditNote),
      'Credit Note No.: FCCN/2627/000003',
      'Credit Note Date: 02-12-2026',
      'Against Tax Invoice No. FC/2627/000042 dated 25-11-2026',
      'Reason for credit note: Side table returned: arrived with a cracked top',
      'CGST rate',
      'SGST rate',
      `Credit note total ${rupeesText(creditNote.totals.total)}`,
      'This is a computer-generated credit note.',
    ])
      expect(page).toContain(field);
    expect(page).not.toContain('Invoice No.: FC/2627/000042');
    expect(page).not.toContain('Aarav'); // only the credited line
  });

  it('a long invoice flows onto further pages, each with the heading, the table’s columns and its page number', async () => {
    const type = 'cgst_sgst' as const;
    const lines = Array.from({ length: 30 }, (_, i) =>
      line(
        `Item ${String(i + 1).padStart(2, '0')} Solid Sheesham Wood Chair with a rather long name`,
        {
          qty: 1,
          price: 1000 + i,
          rate: 18,
        },
        type,
      ),
    );
    const pdf = await renderInvoicePdf(snapshot({ type, lines }));
    await expectLegible(pdf);
    const pages = await pagesOf(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, i) => {
      expect(page).toContain(`Tax Invoice FC/2627/000042 - Page ${i + 1} of ${pages.length}`);
      if (i > 0) expect(page).toContain('Tax Invoice FC/2627/000042 (continued)');
    });
    expect(pages[1]).toContain('Taxable value');
    expect(pages[1]).toContain('HSN');
    const all = pages.join(' ');
    for (let i = 1; i <= 30; i++) expect(all).toContain(`Item ${String(i).padStart(2, '0')} Solid`);
    expect(pages.at(-1)).toContain(`Invoice total ${rupeesText(totalsOf(lines).total)}`);
    expect(pages.at(-1)).toContain('Authorised Signatory: Ananya Rao, Director');
  });

  it('keeps amounts in crores inside their columns, in every kind of supply', async () => {
    for (const type of ['cgst_sgst', 'cgst_utgst', 'igst'] as const) {
      const big = line(
        'Boardroom table, 24 seats',
        { qty: 99, price: 999999, rate: 18, discount: 99999.99, delivery: 99999 },
        type,
      );
      await expectLegible(await renderInvoicePdf(snapshot({ type, lines: [big, big] })));
    }
  });

  it('prints names the standard font cannot draw (₹, Devanagari, accents) instead of failing', async () => {
    const s = snapshot({
      type: 'cgst_sgst',
      lines: [line('Sofá “Deluxe” ₹ edition आराम', { qty: 1, price: 999, rate: 18 }, 'cgst_sgst')],
      recipient: { name: 'आशा Rāo' },
    });
    const [page] = await pagesOf(await renderInvoicePdf(s));
    expect(page).toContain('Sofá “Deluxe” Rs. edition ????');
    expect(page).toContain('??? Rao');
  });
});

describe('the snapshot', () => {
  it('is read as issued, and refused when a field the law requires is missing', () => {
    expect(readSnapshot(JSON.parse(JSON.stringify(interB2B)))).toEqual({
      ...interB2B,
      invoice: null,
      reason: null,
    });
    const { gstin: _gstin, ...noGstin } = KARNATAKA_STORE;
    expect(() => readSnapshot({ ...intraB2C, supplier: noGstin })).toThrow('supplier.gstin is missing');
    expect(() => readSnapshot({ ...intraB2C, lines: [] })).toThrow('lines are missing');
    expect(() => readSnapshot({ ...creditNote, invoice: undefined })).toThrow('invoice is missing');
  });
});
