import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  b2bDocuments,
  b2cSummary,
  documentsRegister,
  hsnSummary,
  lastMonthIST,
  monthRange,
  monthTotals,
  rateText,
  toCsv,
  type RegisterLine,
} from '@/gst/register';

const base: RegisterLine = {
  document_type: 'invoice',
  document_number: 'FC/2627/000001',
  document_date: '2026-10-03',
  issued_at: '2026-10-03T06:30:00+00:00',
  invoice_number: 'FC/2627/000001',
  order_number: 'FC-1001',
  is_b2b: false,
  buyer_gstin: '',
  buyer_legal_name: '',
  recipient_name: 'Asha Verma',
  place_of_supply: '29',
  place_of_supply_name: 'Karnataka',
  supply_type: 'cgst_sgst',
  hsn_code: '9403',
  gst_rate: 18,
  quantity: 1,
  taxable_value: 8474.58,
  cgst: 762.71,
  sgst: 762.71,
  utgst: 0,
  igst: 0,
  total: 10000,
};

const line = (over: Partial<RegisterLine>): RegisterLine => ({ ...base, ...over });

/** A month: two B2C invoices in Karnataka (18% and 5%), one in Maharashtra, a B2B one, a credit note. */
const month: RegisterLine[] = [
  line({
    document_type: 'credit_note',
    document_number: 'FCCN/2627/000001',
    document_date: '2026-10-20',
    invoice_number: 'FC/2627/000001',
    taxable_value: 4237.29,
    cgst: 381.36,
    sgst: 381.35,
    total: 5000,
  }),
  base,
  line({
    document_number: 'FC/2627/000001',
    hsn_code: '94038200',
    gst_rate: 5,
    quantity: 2,
    taxable_value: 1904.76,
    cgst: 47.62,
    sgst: 47.62,
    total: 2000,
  }),
  line({
    document_number: 'FC/2627/000002',
    document_date: '2026-10-05',
    invoice_number: 'FC/2627/000002',
    order_number: 'FC-1002',
    place_of_supply: '27',
    place_of_supply_name: 'Maharashtra',
    supply_type: 'igst',
    taxable_value: 847.46,
    cgst: 0,
    sgst: 0,
    igst: 152.54,
    total: 1000,
  }),
  line({
    document_number: 'FC/2627/000003',
    document_date: '2026-10-07',
    invoice_number: 'FC/2627/000003',
    order_number: 'FC-1003',
    is_b2b: true,
    buyer_gstin: '27AAPFU0939F1ZV',
    buyer_legal_name: '=HYPERLINK("http://evil")',
    recipient_name: '@Ravi',
    place_of_supply: '27',
    place_of_supply_name: 'Maharashtra',
    supply_type: 'igst',
    quantity: 3,
    taxable_value: 25423.73,
    cgst: 0,
    sgst: 0,
    igst: 4576.27,
    total: 30000,
  }),
];

const rowsOf = (t: { fields: string[]; data: (string | number)[][] }) =>
  t.data.map((r) => Object.fromEntries(t.fields.map((f, i) => [f, r[i]])));

describe('documentsRegister', () => {
  it('has one row per document line with every column, invoices by date first, credit notes after', () => {
    const rows = rowsOf(documentsRegister(month));
    expect(rows.map((r) => [r['Document type'], r['Document number'], r['HSN']])).toEqual([
      ['Invoice', 'FC/2627/000001', '9403'],
      ['Invoice', 'FC/2627/000001', '94038200'],
      ['Invoice', 'FC/2627/000002', '9403'],
      ['Invoice', 'FC/2627/000003', '9403'],
      ['Credit note', 'FCCN/2627/000001', '9403'],
    ]);
    expect(rows[2]).toMatchObject({
      'Place of supply code': '27',
      'Place of supply': 'Maharashtra',
      'Supply type': 'IGST',
      'GST rate %': '18',
      'Taxable value': '847.46',
      IGST: '152.54',
      CGST: '0.00',
      Total: '1000.00',
      B2B: 'No',
    });
    expect(rows[4]).toMatchObject({ 'Invoice number': 'FC/2627/000001', CGST: '381.36', SGST: '381.35' });
  });

  it('neutralises text a spreadsheet would run as a formula, and leaves amounts alone', () => {
    const b2b = rowsOf(documentsRegister(month))[3]!;
    expect(b2b['Buyer legal name']).toBe('\'=HYPERLINK("http://evil")');
    expect(b2b['Recipient name']).toBe("'@Ravi");
    expect(b2b['Buyer GSTIN']).toBe('27AAPFU0939F1ZV');
  });
});

describe('b2cSummary', () => {
  const rows = rowsOf(b2cSummary(month));
  const find = (section: string, state: string, rate: string) =>
    rows.find((r) => r['Section'] === section && r['Place of supply'] === state && r['GST rate %'] === rate);

  it('sums B2C lines by place of supply and rate, leaving B2B out', () => {
    expect(find('Invoices', 'Karnataka', '18')).toMatchObject({
      'Place of supply code': '29',
      'Supply type': 'CGST + SGST',
      'Taxable value': '8474.58',
      CGST: '762.71',
      Total: '10000.00',
    });
    expect(find('Invoices', 'Karnataka', '5')).toMatchObject({ 'Taxable value': '1904.76' });
    // only the B2C invoice of Maharashtra: the B2B one is in its own file
    expect(find('Invoices', 'Maharashtra', '18')).toMatchObject({ IGST: '152.54', Total: '1000.00' });
  });

  it('adds the rate over all states and the total, to the paisa', () => {
    expect(find('Invoices', 'All states', '18')).toMatchObject({
      'Taxable value': '9322.04',
      CGST: '762.71',
      IGST: '152.54',
      Total: '11000.00',
    });
    expect(find('Invoices', 'All states', 'All rates')).toMatchObject({
      'Taxable value': '11226.80',
      Total: '13000.00',
    });
  });

  it('shows credit notes in their own rows and the net after them', () => {
    expect(find('Credit notes', 'Karnataka', '18')).toMatchObject({
      'Taxable value': '4237.29',
      SGST: '381.35',
    });
    expect(find('Credit notes', 'Karnataka', '5')).toBeUndefined();
    expect(find('Net (invoices − credit notes)', 'Karnataka', '18')).toMatchObject({
      'Taxable value': '4237.29',
      CGST: '381.35',
      SGST: '381.36',
      Total: '5000.00',
    });
    expect(rows.map((r) => r['Section'])).toEqual([...rows.map((r) => r['Section'])].sort(sectionOrder));
  });
});

const sectionRank = ['Invoices', 'Credit notes', 'Net (invoices − credit notes)'];
const sectionOrder = (a: unknown, b: unknown) =>
  sectionRank.indexOf(String(a)) - sectionRank.indexOf(String(b));

describe('b2bDocuments', () => {
  it('lists B2B documents per rate with the buyer GSTIN and the document value', () => {
    expect(rowsOf(b2bDocuments(month))).toEqual([
      expect.objectContaining({
        'Document type': 'Invoice',
        'Document number': 'FC/2627/000003',
        'Buyer GSTIN': '27AAPFU0939F1ZV',
        'Place of supply': 'Maharashtra',
        'GST rate %': '18',
        'Taxable value': '25423.73',
        IGST: '4576.27',
        'Document value': '30000.00',
      }),
    ]);
  });

  it('gives a document of two rates a row for each, with the same document value', () => {
    const twoRates = month.map((l) => ({ ...l, is_b2b: true, buyer_gstin: '29AAECF1234K1ZM' }));
    const rows = rowsOf(b2bDocuments(twoRates)).filter((r) => r['Document number'] === 'FC/2627/000001');
    expect(rows.map((r) => [r['GST rate %'], r['Total'], r['Document value']])).toEqual([
      ['18', '10000.00', '12000.00'],
      ['5', '2000.00', '12000.00'],
    ]);
  });
});

describe('hsnSummary', () => {
  it('sums quantity and amounts per HSN and rate, B2B before B2C, with the net of credit notes', () => {
    const rows = rowsOf(hsnSummary(month)).map((r) => [
      r['Section'],
      r['Supplies'],
      r['HSN'],
      r['GST rate %'],
      r['Quantity'],
      r['Taxable value'],
      r['Total'],
    ]);
    expect(rows).toEqual([
      ['Invoices', 'B2B', '9403', '18', 3, '25423.73', '30000.00'],
      ['Invoices', 'B2C', '9403', '18', 2, '9322.04', '11000.00'],
      ['Invoices', 'B2C', '94038200', '5', 2, '1904.76', '2000.00'],
      ['Credit notes', 'B2C', '9403', '18', 1, '4237.29', '5000.00'],
      ['Net (invoices − credit notes)', 'B2B', '9403', '18', 3, '25423.73', '30000.00'],
      ['Net (invoices − credit notes)', 'B2C', '9403', '18', 1, '5084.75', '6000.00'],
      ['Net (invoices − credit notes)', 'B2C', '94038200', '5', 2, '1904.76', '2000.00'],
    ]);
  });

  it('writes a negative net as a number, not as quoted text', () => {
    const creditOnly = month.filter((l) => l.document_type === 'credit_note');
    const net = rowsOf(hsnSummary(creditOnly)).find((r) => String(r['Section']).startsWith('Net'))!;
    expect(net['Total']).toBe('-5000.00');
    expect(toCsv(hsnSummary(creditOnly))).toContain(',-5000.00');
  });
});

describe('monthTotals', () => {
  it('counts documents (not lines) and sums each kind', () => {
    const t = monthTotals(month);
    expect([t.invoices, t.creditNotes]).toEqual([3, 1]);
    expect(t.invoiced.total).toBe(4_300_000);
    expect(t.credited.total).toBe(500_000);
  });
});

describe('toCsv', () => {
  it('writes a header and quoted cells that papaparse reads back the same', () => {
    const csv = toCsv(documentsRegister(month));
    expect(csv.split('\r\n')[0]).toMatch(/^Document type,Document number,Document date,/);
    const back = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(back).toHaveLength(month.length + 1);
    expect(back[4]![7]).toBe('\'=HYPERLINK("http://evil")');
  });
});

describe('months', () => {
  it('defaults to last month in India, across the year and the IST midnight', () => {
    expect(lastMonthIST(new Date('2026-11-25T00:00:00Z'))).toBe('2026-10');
    expect(lastMonthIST(new Date('2027-01-10T00:00:00Z'))).toBe('2026-12');
    // 31 Oct 20:00 UTC is already 1 Nov in India
    expect(lastMonthIST(new Date('2026-10-31T20:00:00Z'))).toBe('2026-10');
    expect(lastMonthIST(new Date('2026-10-31T18:00:00Z'))).toBe('2026-09');
  });

  it('gives a month its first and last day, leap years included', () => {
    expect(monthRange('2026-10')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-13')).toBeNull();
    expect(monthRange('')).toBeNull();
  });

  it('writes rates as GSTR-1 does', () => {
    expect([rateText(18), rateText(2.5), rateText(0)]).toEqual(['18', '2.5', '0']);
  });
});
