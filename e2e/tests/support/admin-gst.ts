import { rest } from './rest';

// Helpers of the admin's GST journey (admin-gst.spec.ts): what it changed in the shared database
// (the store's business details, a tax rate) is put back, since the storefront's journeys show them.

export const BUSINESS_COLUMNS =
  'legal_name,registered_address,gstin,invoice_prefix,credit_note_prefix,authorised_signatory,' +
  'grievance_officer_name,grievance_officer_designation,grievance_officer_email,grievance_officer_phone,' +
  'grievance_officer_hours,customer_care_email,customer_care_phone,customer_care_hours';

export type BusinessDetails = Record<string, string | null>;

export async function businessDetails(): Promise<BusinessDetails> {
  const [row] = await rest<BusinessDetails[]>(`/rest/v1/store_settings?select=${BUSINESS_COLUMNS}`);
  return row!;
}

export async function setBusinessDetails(details: BusinessDetails): Promise<void> {
  await rest('/rest/v1/store_settings?id=eq.true', { method: 'PATCH', body: JSON.stringify(details) });
}

export async function taxRatesOf(
  hsn: string,
): Promise<{ hsn_code: string; rate: number; effective_from: string }[]> {
  return rest(`/rest/v1/tax_rates?select=hsn_code,rate,effective_from&hsn_code=eq.${hsn}`);
}

export async function deleteTaxRatesOf(hsn: string): Promise<void> {
  await rest(`/rest/v1/tax_rates?hsn_code=eq.${hsn}`, { method: 'DELETE' });
}

type Line = { id: number; product_name: string; quantity: number; hsn_code: string; gst_rate: number };
type Amounts = {
  number: string;
  taxable_value: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
};

/** An order's id, its lines' GST snapshot, its invoice and credit notes (numbers and amounts). */
export async function orderGst(orderNumber: string) {
  const [order] = await rest<{ id: string; supply_type: string; order_items: Line[] }[]>(
    `/rest/v1/orders?select=id,supply_type,order_items(id,product_name,quantity,hsn_code,gst_rate)` +
      `&order_number=eq.${encodeURIComponent(orderNumber)}`,
  );
  const invoices = await rest<Amounts[]>(
    `/rest/v1/invoices?select=number,taxable_value,cgst,sgst,igst,total&order_id=eq.${order!.id}`,
  );
  const creditNotes = await rest<Amounts[]>(
    `/rest/v1/credit_notes?select=number,taxable_value,cgst,sgst,igst,total&order_id=eq.${order!.id}&order=id`,
  );
  return { ...order!, invoice: invoices[0] ?? null, creditNotes };
}

/** This month in India ('YYYY-MM'): the month an invoice issued now is filed in. */
export const monthIST = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(
    now,
  );

/** Rupees as the export writes them: 1234.5 → "1234.50". */
export const csvAmount = (rupees: number) => rupees.toFixed(2);
