import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { blockThirdParty, createUser, placeOrder, signInAsAdmin } from './support/admin';
import { pdfText } from './support/gst';
import {
  businessDetails,
  csvAmount,
  deleteTaxRatesOf,
  monthIST,
  orderGst,
  setBusinessDetails,
  taxRatesOf,
} from './support/admin-gst';

// One journey through business details, rates, an order's invoice and credit note and the export:
// more than the default 30 s on two cores.
test.describe.configure({ timeout: 150_000 });

const gstNav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'GST and invoices' }).getByRole('link', { name, exact: true });

/** The file the page downloads when `click` runs: its name and where it was saved. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; path: string }> {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), path: (await file.path())! };
}

/** A downloaded CSV's text, after the byte-order mark that makes spreadsheets read UTF-8. */
async function csvText(path: string): Promise<string> {
  const text = await readFile(path, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return text.slice(1);
}

test("staff set the business details, add a tax rate, see a shipped order's invoice, credit one unit and export the month for GST", async ({
  page,
}) => {
  const outside = await blockThirdParty(page);
  const suffix = Date.now().toString(36);
  const before = await businessDetails();
  // an 8-digit tariff item no seeded rate or product uses
  const hsn = `94039${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  const shopper = await createUser();
  const { order_number } = await placeOrder(shopper); // to Bengaluru, the store's own state
  try {
    await signInAsAdmin(page, await createUser('admin'));
    await page.getByRole('menuitem', { name: 'GST & invoices' }).click();
    await expect(page).toHaveURL(/\/admin\/gst\/business$/);
    await expect(page.getByLabel('Legal name')).toHaveValue(before['legal_name']!);
    await expect(page.getByText('Karnataka (29)')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A GSTIN with a mistyped check character is caught before anything is sent
    const signatory = `E2E Signatory ${suffix}, Director`;
    await page.getByLabel('Authorised signatory').fill(signatory);
    await page.getByLabel('GSTIN', { exact: true }).fill('29AAECF1234K1ZN');
    await page.getByRole('button', { name: 'Save business details' }).click();
    await expect(
      page.getByText('GSTIN check character is wrong: please check it for a typing mistake'),
    ).toBeVisible();
    expect((await businessDetails())['authorised_signatory']).toBe(before['authorised_signatory']);

    // The right one: its state and PAN are shown, and it is saved
    await page.getByLabel('GSTIN', { exact: true }).fill('29aaecf1234k1zm');
    await expect(page.getByText('AAECF1234K', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Save business details' }).click();
    await expect(page.getByText('Business details saved')).toBeVisible();
    expect(await businessDetails()).toMatchObject({
      gstin: '29AAECF1234K1ZM',
      authorised_signatory: signatory,
    });

    // A rate for a tariff item, from a date: the form stops a 3-digit HSN
    await gstNav(page, 'Tax rates').click();
    await expect(page.getByText(/Orders already placed keep the rate they were charged/)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Add tax rate' }).click();
    await page.getByLabel('HSN code').fill('940');
    await page.getByLabel('GST rate (%)').fill('12');
    await page.getByLabel('Effective from').fill('2026-04-01');
    await page.getByLabel('Description of goods').fill(`E2E cane furniture ${suffix}`);
    await page.getByLabel('Notification').fill('Notification 1/2026-Central Tax (Rate)');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('An HSN code is 4, 6 or 8 digits, e.g. 9403 or 94038200.')).toBeVisible();
    await page.getByLabel('HSN code').fill(hsn);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/tax_rates$/);
    await page.getByLabel('HSN starts with').fill(hsn);
    const rateRow = page.locator('tbody tr', { hasText: hsn });
    await expect(rateRow).toContainText('12%');
    await expect(rateRow).toContainText('Wed, 1 Apr 2026');
    expect(await taxRatesOf(hsn)).toEqual([{ hsn_code: hsn, rate: 12, effective_from: '2026-04-01' }]);

    // The order: no invoice until it ships, then its number, CGST + SGST (same state) and the credit note
    const placed = await orderGst(order_number);
    const [line] = placed.order_items;
    await page.goto(`/admin/orders/${placed.id}/show`);
    await expect(
      page.getByText('No invoice yet: the tax invoice is issued when the order is shipped.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Ship' }).click();
    await expect(page.getByText(`Order ${order_number} shipped!`)).toBeVisible();
    const shipped = await orderGst(order_number);
    const invoice = shipped.invoice!;
    expect(invoice.number).toMatch(/^FC\/\d{4}\/\d{6}$/);
    await expect(page.getByText(`Tax invoice ${invoice.number}`)).toBeVisible();
    await expect(page.getByLabel(`Totals of invoice ${invoice.number}`)).toContainText('CGST');
    await expect(page.getByLabel(`Totals of invoice ${invoice.number}`)).toContainText('SGST');
    await expect(page.getByLabel(`Totals of invoice ${invoice.number}`)).not.toContainText('IGST');
    expect(await seriousA11yViolations(page)).toEqual([]);
    const invoicePdf = await downloaded(page, () =>
      page.getByRole('button', { name: `Download PDF of ${invoice.number}` }).click(),
    );
    expect(invoicePdf.name).toBe(`${invoice.number.replaceAll('/', '-')}.pdf`);
    expect(await pdfText(invoicePdf.path)).toContain(invoice.number);

    await page.getByRole('button', { name: 'Issue credit note' }).click();
    const dialog = page.getByRole('dialog', { name: 'Issue credit note' });
    await dialog.getByLabel(/^Units of/).fill('2');
    await dialog.getByLabel('Reason').fill('Returned: damaged in transit');
    await dialog.getByRole('button', { name: 'Issue credit note' }).click();
    await expect(dialog.getByText('At most 1.')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByLabel(/^Units of/).fill('1');
    await dialog.getByRole('button', { name: 'Issue credit note' }).click();
    await expect(dialog).toBeHidden();
    const [creditNote] = (await orderGst(order_number)).creditNotes;
    expect(creditNote!.number).toMatch(/^FCCN\/\d{4}\/\d{6}$/);
    await expect(page.getByText(`Credit note ${creditNote!.number} issued`)).toBeVisible();
    const notes = page.getByRole('table', { name: 'Credit notes' });
    await expect(notes).toContainText(creditNote!.number);
    await expect(notes).toContainText('Returned: damaged in transit');
    await expect(page.getByText('Every invoiced unit has been credited.')).toBeVisible();
    const notePdf = await downloaded(page, () =>
      notes.getByRole('button', { name: `Download PDF of ${creditNote!.number}` }).click(),
    );
    expect(await pdfText(notePdf.path)).toContain(invoice.number); // the invoice it cites

    // The invoices list has it, linked to the order
    await page.getByRole('menuitem', { name: 'GST & invoices' }).click();
    await gstNav(page, 'Invoices').click();
    const invoiceRow = page.locator('tbody tr', { hasText: invoice.number });
    await expect(invoiceRow).toContainText('Karnataka');
    await expect(invoiceRow.getByRole('link', { name: order_number })).toBeVisible();

    // The month's export: the invoice's line with its HSN, rate, CGST and SGST, the credit note's too
    await gstNav(page, 'GST export').click();
    await page.getByLabel('Month', { exact: true }).fill(monthIST());
    const register = page.getByRole('button', { name: 'Documents register (CSV)' });
    await expect(register).toBeEnabled();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const documents = await downloaded(page, () => register.click());
    expect(documents.name).toBe(`gst-${monthIST()}-documents.csv`);
    const rows = (await csvText(documents.path)).split(/\r?\n/);
    expect(rows[0]).toMatch(/^Document type,Document number,Document date,Invoice number,Order number,B2B,/);
    const rate = String(line!.gst_rate);
    const amounts = (d: { taxable_value: number; cgst: number; sgst: number; total: number }) =>
      [
        csvAmount(d.taxable_value),
        csvAmount(d.cgst),
        csvAmount(d.sgst),
        '0.00',
        '0.00',
        csvAmount(d.total),
      ].join(',');
    const invoiceLine = rows.find((r) => r.startsWith(`Invoice,${invoice.number},`));
    expect(invoiceLine).toContain(
      `,${order_number},No,,,Asha Verma,29,Karnataka,CGST + SGST,${line!.hsn_code},${rate},1,${amounts(invoice)}`,
    );
    const creditLine = rows.find((r) => r.startsWith(`Credit note,${creditNote!.number},`));
    expect(creditLine).toContain(`,${invoice.number},${order_number},No,`);
    expect(creditLine).toContain(`,${line!.hsn_code},${rate},1,${amounts(creditNote!)}`);

    const hsnFile = await downloaded(page, () =>
      page.getByRole('button', { name: 'HSN summary (CSV)' }).click(),
    );
    const hsnSummary = await csvText(hsnFile.path);
    expect(hsnSummary.split(/\r?\n/)[0]).toBe(
      'Section,Supplies,HSN,UQC,GST rate %,Quantity,Taxable value,CGST,SGST,UTGST,IGST,Total',
    );
    expect(hsnSummary).toContain(`Invoices,B2C,${line!.hsn_code},NOS,${rate},`);
    expect(hsnSummary).toContain(`Credit notes,B2C,${line!.hsn_code},NOS,${rate},`);
    expect(outside).toEqual([]);
  } finally {
    await setBusinessDetails(before);
    await deleteTaxRatesOf(hsn);
  }
});

test("an order cannot be shipped while the store's legal details are missing: staff see the database's reason", async ({
  page,
}) => {
  const before = await businessDetails();
  const { order_number } = await placeOrder(await createUser());
  const { id } = await orderGst(order_number);
  await signInAsAdmin(page, await createUser('admin'));
  try {
    await setBusinessDetails({ legal_name: null });
    await page.goto(`/admin/orders/${id}/show`);
    await page.getByRole('button', { name: 'Ship' }).click();
    await expect(
      page.getByText(
        "Failed to update order: Set the store's legal name, registered address and GSTIN (Business & GST settings) before dispatching: the invoice needs them.",
      ),
    ).toBeVisible();
    await expect(
      page.getByText('No invoice yet: the tax invoice is issued when the order is shipped.'),
    ).toBeVisible();
    expect((await orderGst(order_number)).invoice).toBeNull();
  } finally {
    await setBusinessDetails(before);
  }
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("staff read the business details, the tax rates, the GST export and a shipped order's invoice; a mistyped GSTIN is named", async ({
    page,
  }) => {
    await signInAsAdmin(page, await createUser('admin'));
    await page.goto('/admin/gst/business');
    await expect(page.getByText('Karnataka (29)')).toBeVisible();
    await page.getByLabel('GSTIN', { exact: true }).fill('29AAECF1234K1Z');
    await page.getByRole('button', { name: 'Save business details' }).click();
    await expect(page.getByText('GSTIN must be 15 characters')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await gstNav(page, 'Tax rates').click();
    await expect(page.locator('tbody tr', { hasText: '9403' }).first()).toContainText('%');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await gstNav(page, 'GST export').click();
    await expect(page.getByLabel('Month', { exact: true })).toBeVisible();
    await expect(page.getByText(/invoices? \(taxable/)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // an order's invoice panel and the credit note dialog fit the phone
    const { order_number } = await placeOrder(await createUser());
    const { id } = await orderGst(order_number);
    await page.goto(`/admin/orders/${id}/show`);
    await page.getByRole('button', { name: 'Ship' }).click();
    await expect(page.getByText(`Order ${order_number} shipped!`)).toBeVisible();
    const { invoice } = await orderGst(order_number);
    await expect(page.getByText(`Tax invoice ${invoice!.number}`)).toBeVisible();
    // scanned once the notification has gone (axe reads a fading snackbar's colours half-way)
    await expect(page.getByText(`Order ${order_number} shipped!`)).toBeHidden();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Issue credit note' }).click();
    const dialog = page.getByRole('dialog', { name: 'Issue credit note' });
    await expect(dialog.getByLabel(/^Units of/)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // pressed, not clicked: the order page is wider than the phone (its items table), and the mobile
    // viewport's zoom makes Playwright's hit test land on the dialog's content
    await dialog.getByRole('button', { name: 'Cancel' }).press('Enter');
    await expect(dialog).toBeHidden();
  });
});
