import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { createUser } from './support/admin';
import { accessToken } from './support/admin-variants';
import { addSofaToCart, signInNewShopper } from './support/checkout';
import {
  creditOneUnit,
  fillAddress,
  invoiceAmount,
  pdfText,
  sellerDetails,
  ship,
  shownAmount,
  storedTax,
} from './support/gst';

// Seed facts (supabase/seed.sql): the store is in Karnataka (GSTIN 29…, state 29); product 1, the
// Aarav sofa (₹24,999, HSN 940161, 18%), is under the COD cap. 560001 is Bengaluru (Karnataka),
// 400001 Mumbai (Maharashtra). 27AAPFU0939F1ZV is a valid Maharashtra GSTIN; …1ZX has a wrong check
// character.
const VALID_GSTIN = '27AAPFU0939F1ZV';

// Two checkouts, two dispatches and two PDFs on two cores: more than the default 30 s.
test.describe.configure({ timeout: 150_000 });

/** The order summary's GST preview lines ("CGST 9%₹1,906.71"). */
const previewParts = (page: Page) =>
  page.getByRole('complementary', { name: 'Order Summary' }).getByTestId('tax-part');

/** Confirms a COD order from /checkout (address filled) and returns its number from the confirmation. */
async function placeCodOrder(page: Page): Promise<string> {
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  return (await page.getByTestId('order-number').textContent())!;
}

/** Downloads an order's invoice from Profile → Order History and returns the PDF's text. */
async function downloadInvoice(page: Page, orderNumber: string): Promise<string> {
  const order = page.getByRole('listitem').filter({ hasText: orderNumber });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    order.getByRole('button', { name: /Download invoice/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^[A-Z0-9]+-\d{4}-\d{6}\.pdf$/);
  return pdfText(await download.path());
}

test('the product page declares the MRP with taxes, the origin, the maker, the net quantity and customer care', async ({
  page,
}) => {
  const seller = await sellerDetails();
  await page.goto('/product/1');
  await expect(page.getByTestId('product-mrp')).toHaveText(/^MRP ₹[\d,]+ \(incl\. of all taxes\)$/);
  const declarations = page.getByRole('region', { name: 'Product declarations' });
  await expect(declarations.getByTestId('declaration-origin')).toHaveText('India');
  // Made by the store itself: the listing names the seller and its registered address.
  await expect(declarations.getByTestId('declaration-manufacturer')).toContainText(seller.legal_name);
  await expect(declarations.getByTestId('declaration-net-quantity')).toHaveText('1 N');
  await expect(declarations.getByTestId('declaration-customer-care')).toContainText('@');
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test("the footer and the legal pages show the seller's GSTIN and the grievance officer", async ({ page }) => {
  const seller = await sellerDetails();
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  // The footer asks for the seller's details once it is in view.
  await footer.scrollIntoViewIfNeeded();
  await expect(footer.getByTestId('footer-seller')).toContainText(`Sold by ${seller.legal_name}`);
  await expect(footer.getByTestId('footer-seller')).toContainText(`GSTIN ${seller.gstin}`);
  await footer.getByRole('link', { name: 'Grievance Officer' }).first().click();
  await expect(page).toHaveURL(/\/legal\/grievance$/);
  await expect(page.getByRole('heading', { name: 'Grievance Officer', level: 1 })).toBeVisible();
  await expect(page.getByTestId('grievance-name')).toHaveText(seller.grievance_officer_name);
  await expect(page.getByTestId('grievance-email')).toHaveText(seller.grievance_officer_email);
  await expect(page.getByText('within 48 hours')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.goto('/legal');
  await expect(page.getByRole('heading', { name: 'Legal', level: 1 })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('main').getByRole('link', { name: 'Seller details' }).click();
  await expect(page.getByTestId('seller-gstin')).toHaveText(seller.gstin);
  await expect(page.getByTestId('seller-pan')).toHaveText(seller.gstin.slice(2, 12));
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.goto('/legal/returns');
  await expect(page.getByTestId('returns-window')).toContainText('within 30 days of delivery');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.goto('/legal/shipping');
  await expect(page.getByTestId('shipping-fee-rule')).toContainText('free on orders of ₹2,999 or more');
  await expect(page.getByTestId('shipping-cod-cap')).toContainText('up to ₹');
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('an order to Karnataka shows CGST + SGST, a business order to Maharashtra IGST and its GSTIN; shipped, both invoices and a return’s credit note download from order history', async ({
  page,
}) => {
  await signInNewShopper(page);

  // Same state as the store: CGST + SGST, previewed at checkout, stored by place_order.
  await addSofaToCart(page);
  await page.goto('/checkout');
  await fillAddress(page, '560001', 'Karnataka');
  await expect(previewParts(page).first()).toContainText('CGST 9%');
  await expect(previewParts(page).nth(1)).toContainText('SGST 9%');
  await expect(
    page.getByTestId('policy-links').getByRole('link', { name: 'Returns, refunds and cancellation' }),
  ).toBeVisible();
  const inState = await placeCodOrder(page);
  const ka = await storedTax(inState);
  expect(ka.supply_type).toBe('cgst_sgst');
  const confirmation = page.getByRole('region', { name: 'Tax', exact: true });
  await expect(confirmation.getByTestId('tax-total')).toHaveText(shownAmount(ka.tax_total));
  await expect(confirmation.getByTestId('tax-part')).toHaveText([
    `CGST 9%${shownAmount(ka.cgst)}`,
    `SGST 9%${shownAmount(ka.sgst)}`,
  ]);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Another state, as a business: a GSTIN with a wrong check character is refused as it is typed.
  await addSofaToCart(page);
  await page.goto('/checkout');
  await fillAddress(page, '400001', 'Maharashtra');
  await expect(previewParts(page)).toHaveText([/^IGST 18%₹/]);
  await page.getByRole('checkbox', { name: 'Add GSTIN for a business invoice' }).check();
  const gstin = page.getByRole('textbox', { name: 'GSTIN' });
  await gstin.fill('27AAPFU0939F1ZX');
  await expect(page.getByText('GSTIN check character is wrong')).toBeVisible();
  await expect(gstin).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await gstin.fill(VALID_GSTIN);
  await expect(page.getByText('GSTIN check character is wrong')).toBeHidden();
  await page.getByLabel('Registered business name').fill('Verma Interiors LLP');
  const otherState = await placeCodOrder(page);
  const mh = await storedTax(otherState);
  expect(mh).toMatchObject({ supply_type: 'igst', buyer_gstin: VALID_GSTIN, cgst: 0, sgst: 0 });
  await expect(page.getByRole('region', { name: 'Tax', exact: true }).getByTestId('tax-part')).toHaveText([
    `IGST 18%${shownAmount(mh.igst)}`,
  ]);
  await expect(page.getByTestId('invoice-gstin')).toContainText(`Verma Interiors LLP, GSTIN ${VALID_GSTIN}`);

  // Before dispatch there is no invoice yet.
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Order History' }).click();
  const kaOrder = page.getByRole('listitem').filter({ hasText: inState });
  await expect(kaOrder.getByText('Invoice available once shipped')).toBeVisible();
  await expect(kaOrder.getByRole('button', { name: /Download invoice/ })).toHaveCount(0);

  // Staff ship both: each gets its invoice.
  const staff = await accessToken(await createUser('admin'));
  await ship(staff, ka.id);
  await ship(staff, mh.id);

  await page.reload();
  await page.getByRole('tab', { name: 'Order History' }).click();
  expect(await seriousA11yViolations(page)).toEqual([]);
  const kaPdf = await downloadInvoice(page, inState);
  expect(kaPdf).toContain('Tax Invoice');
  expect(kaPdf).toContain(inState);
  expect(kaPdf).toContain('CGST');
  expect(kaPdf).toContain('SGST');
  expect(kaPdf).not.toContain('IGST');
  expect(kaPdf).toContain(invoiceAmount(ka.cgst));

  const mhPdf = await downloadInvoice(page, otherState);
  expect(mhPdf).toContain(otherState);
  expect(mhPdf).toContain('IGST');
  expect(mhPdf).not.toContain('SGST');
  expect(mhPdf).toContain(invoiceAmount(mh.igst));
  expect(mhPdf).toContain(VALID_GSTIN);
  expect(mhPdf).toContain('Verma Interiors LLP');

  // A return: staff issue a credit note, which the customer downloads beside the invoice.
  const note = await creditOneUnit(staff, ka.id);
  await page.reload();
  await page.getByRole('tab', { name: 'Order History' }).click();
  const [noteDownload] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('listitem')
      .filter({ hasText: inState })
      .getByRole('button', { name: `Download credit note ${note.number}` })
      .click(),
  ]);
  const notePdf = await pdfText(await noteDownload.path());
  expect(notePdf).toContain('Credit Note');
  expect(notePdf).toContain(note.number);

  // Tracking the shipped order offers the same download.
  await page.goto(`/track-order?order=${encodeURIComponent(otherState)}`);
  await expect(page.getByTestId('tracking-status')).toHaveText(/shipped/i);
  await expect(page.getByRole('button', { name: /Download invoice/ })).toBeVisible();
});
