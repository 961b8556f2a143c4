import { expect, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { extractText } from 'unpdf';
import { rest } from './rest';

// Helpers of the GST journeys (gst-invoice.spec.ts): what the database stored, staff's dispatch
// through the admin's RPC, and a downloaded PDF's text.

export interface StoredOrderTax {
  id: string;
  supply_type: string;
  tax_total: number;
  buyer_gstin: string | null;
  items: { gst_rate: number; cgst: number; sgst: number; igst: number }[];
}

/** The GST place_order stored for an order (service role), summed over its lines. */
export async function storedTax(orderNumber: string) {
  const [order] = await rest<StoredOrderTax[]>(
    `/rest/v1/orders?select=id,supply_type,tax_total,buyer_gstin,items:order_items(gst_rate,cgst,sgst,igst)&order_number=eq.${orderNumber}`,
  );
  if (!order) throw new Error(`no order ${orderNumber}`);
  const sum = (k: 'cgst' | 'sgst' | 'igst') =>
    Math.round(order.items.reduce((s, i) => s + Number(i[k]) * 100, 0)) / 100;
  return { ...order, cgst: sum('cgst'), sgst: sum('sgst'), igst: sum('igst') };
}

/** Staff ship an order (admin_set_order_status with a fresh admin session): its invoice is issued. */
export async function ship(staffToken: string, orderId: string): Promise<void> {
  await rest('/rest/v1/rpc/admin_set_order_status', {
    method: 'POST',
    token: staffToken,
    body: JSON.stringify({ order_id: orderId, status: 'shipped' }),
  });
}

/** Staff credit one unit of an order's first line (a return): the credit note cites the invoice. */
export async function creditOneUnit(staffToken: string, orderId: string): Promise<{ number: string }> {
  const [line] = await rest<{ id: number }[]>(
    `/rest/v1/order_items?select=id&order_id=eq.${orderId}&order=id`,
  );
  return rest('/rest/v1/rpc/admin_issue_credit_note', {
    method: 'POST',
    token: staffToken,
    headers: { Accept: 'application/vnd.pgrst.object+json' },
    body: JSON.stringify({
      order_id: orderId,
      items: [{ order_item_id: line!.id, quantity: 1 }],
      reason: 'Returned within 30 days',
    }),
  });
}

/** The seller's details as store_settings holds them (the pages must show these, not typed copies). */
export async function sellerDetails() {
  const [row] = await rest<
    {
      legal_name: string;
      gstin: string;
      grievance_officer_name: string;
      grievance_officer_email: string;
    }[]
  >('/rest/v1/store_settings?select=legal_name,gstin,grievance_officer_name,grievance_officer_email');
  return row!;
}

/** Fills the address the prefill leaves empty; the pincode fills City and State from the directory. */
export async function fillAddress(page: Page, pincode: string, state: string): Promise<void> {
  await page.getByLabel('Full Name').fill('Asha Verma');
  await page.getByLabel('Phone Number').fill('98765 43210');
  await page.getByLabel('Address', { exact: true }).fill('12 Main Road');
  await page.getByLabel('Pincode').fill(pincode);
  await expect(page.getByLabel('State')).toHaveValue(state);
}

/** A downloaded PDF's text, pages joined (unpdf, PDF.js underneath). */
export async function pdfText(path: string): Promise<string> {
  const { text } = await extractText(new Uint8Array(await readFile(path)), { mergePages: true });
  return text;
}

/** 1,906.71: how the invoice writes an amount (Indian grouping, two decimals, no symbol). */
export const invoiceAmount = (n: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

/** ₹1,906.71 (or ₹24,999 for whole rupees): how the storefront shows an amount (shared formatINR). */
export { formatINR as shownAmount } from '../../../shared/src/pricing/format.ts';
